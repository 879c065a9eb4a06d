/**
 * The fields of an MCP elicitation form, one per property of the server's
 * `requestedSchema`: `fieldOf` turns each shape of the spec's
 * `PrimitiveSchemaDefinition` into an `McpElicitationField` the element draws
 * (string with format email/uri/date/date-time, number, integer, boolean,
 * single choice by `enum` (+ legacy `enumNames`) or `oneOf`, multiple choice by
 * `items.enum` or `items.anyOf`), or says in words why no form can show it as
 * asked; `answerFault` says what a value fails of its field.
 *
 * Invariant: a field is only returned when some answer satisfies it, and a
 * default is kept only when it is an answer the field allows (else the form
 * shows none, and none is sent).
 */
import type { McpElicitationField } from '../../mcp-types.js';

/** The most choices one field may offer. */
const MAX_CHOICES = 1000;
const FORMATS = ['email', 'uri', 'date', 'date-time'] as const;
type Format = (typeof FORMATS)[number];
const FORMAT_WORDS: Record<Format, string> = { email: 'an email address', uri: 'a URI', date: 'a date (YYYY-MM-DD)', 'date-time': 'a date and time (RFC 3339)' };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** The field for one property schema, or why it cannot be shown (a phrase after `field "name"`). */
export function fieldOf(p: unknown): McpElicitationField | string {
  if (!isRecord(p)) return 'is not a schema.';
  const field: McpElicitationField = { type: 'string' };
  if (typeof p.title === 'string') field.title = p.title;
  if (typeof p.description === 'string') field.description = p.description;
  switch (p.type) {
    case 'boolean':
      field.type = 'boolean';
      break;
    case 'number':
    case 'integer': {
      field.type = p.type;
      if (typeof p.minimum === 'number') field.minimum = p.minimum;
      if (typeof p.maximum === 'number') field.maximum = p.maximum;
      const low = field.minimum ?? -Infinity;
      const high = field.maximum ?? Infinity;
      if (low > high || (p.type === 'integer' && Math.ceil(low) > Math.floor(high))) return `asks for ${describe(field)}: there is none.`;
      break;
    }
    case 'string': {
      const choices = choicesOf(p.enum, p.oneOf, p.enumNames);
      if (typeof choices === 'string') return choices;
      if (choices) Object.assign(field, choices);
      else {
        if (p.format !== undefined) {
          if (!FORMATS.includes(p.format as Format)) return `has format ${JSON.stringify(p.format)}, for which there is no input (${FORMATS.join(', ')} are).`;
          field.format = p.format as Format;
        }
        if (count(p.minLength) !== undefined) field.minLength = count(p.minLength);
        if (count(p.maxLength) !== undefined) field.maxLength = count(p.maxLength);
        if ((field.minLength ?? 0) > (field.maxLength ?? Infinity)) return `asks for ${describe(field)}: there is none.`;
      }
      break;
    }
    case 'array': {
      field.type = 'array';
      const items = p.items;
      if (!isRecord(items)) return 'is a list with no choices (a list field must offer its choices: items.enum or items.anyOf).';
      const choices = choicesOf(items.enum, items.anyOf, undefined);
      if (typeof choices === 'string') return choices;
      if (!choices || items.type !== undefined && items.type !== 'string') return 'is a list of something other than choices, which a form cannot ask for.';
      Object.assign(field, choices);
      if (count(p.minItems) !== undefined) field.minItems = count(p.minItems);
      if (count(p.maxItems) !== undefined) field.maxItems = count(p.maxItems);
      if ((field.minItems ?? 0) > Math.min(field.maxItems ?? Infinity, choices.enum.length)) return `asks for ${describe(field)}: there is none.`;
      break;
    }
    default:
      return `has type ${JSON.stringify(p.type)}, which an MCP form cannot have (string, number, integer, boolean, or a list of choices).`;
  }
  if (p.default !== undefined && answerFault(field, p.default) === undefined) field.default = p.default as McpElicitationField['default'];
  return field;
}

/** The choices of `enum` (with legacy `enumNames`) or of `oneOf` / `anyOf` consts; undefined when there are none; a phrase when they are unusable. */
function choicesOf(values: unknown, titled: unknown, names: unknown): { enum: string[]; enumNames?: string[] } | string | undefined {
  let list: string[];
  let labels: string[] | undefined;
  if (values !== undefined) {
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) return 'has choices that are not all strings.';
    list = values as string[];
    if (Array.isArray(names) && names.length === list.length && names.every((n) => typeof n === 'string')) labels = names as string[];
  } else if (titled !== undefined) {
    if (!Array.isArray(titled) || !titled.every((o) => isRecord(o) && typeof o.const === 'string')) return 'has choices that are not all strings.';
    list = titled.map((o: { const: string }) => o.const);
    labels = titled.map((o: { const: string; title?: unknown }) => (typeof o.title === 'string' ? o.title : o.const));
  } else return undefined;
  if (list.length === 0) return 'is a choice with no choices.';
  if (list.length > MAX_CHOICES) return `offers ${list.length} choices (at most ${MAX_CHOICES}).`;
  if (new Set(list).size !== list.length) return 'offers the same choice twice.';
  return labels ? { enum: list, enumNames: labels } : { enum: list };
}

/** What `field` allows, in words ("an integer from 1 to 8", "one of a, b"). */
export function describe(field: McpElicitationField): string {
  const range = (low: number | undefined, high: number | undefined, unit: string): string =>
    low !== undefined && high !== undefined ? ` from ${low} to ${high}${unit}` : low !== undefined ? ` of at least ${low}${unit}` : high !== undefined ? ` of at most ${high}${unit}` : '';
  switch (field.type) {
    case 'boolean':
      return 'true or false';
    case 'number':
    case 'integer':
      return `${field.type === 'integer' ? 'an integer' : 'a number'}${range(field.minimum, field.maximum, '')}`;
    case 'array':
      return `a list of distinct choices among ${field.enum!.join(', ')}${range(field.minItems, field.maxItems, ' of them')}`;
    default:
      if (field.enum) return `one of ${field.enum.join(', ')}`;
      return `${field.format ? FORMAT_WORDS[field.format] : 'a text'}${range(field.minLength, field.maxLength, ' characters')}`;
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

function formatOk(format: Format | undefined, text: string): boolean {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+$/.test(text);
    case 'uri':
      return URL.canParse(text);
    case 'date': {
      const m = DATE.exec(text);
      if (!m) return false;
      const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
      return d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
    }
    case 'date-time':
      return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text));
    default:
      return true;
  }
}

/** Why `value` is not an answer `field` allows (what it needs, in words), or undefined when it is. */
export function answerFault(field: McpElicitationField, value: unknown): string | undefined {
  const ok = ((): boolean => {
    switch (field.type) {
      case 'boolean':
        return typeof value === 'boolean';
      case 'number':
      case 'integer':
        return typeof value === 'number' && Number.isFinite(value) && (field.type === 'number' || Number.isInteger(value)) &&
          value >= (field.minimum ?? -Infinity) && value <= (field.maximum ?? Infinity);
      case 'array':
        return Array.isArray(value) && value.every((v) => typeof v === 'string' && field.enum!.includes(v)) && new Set(value).size === value.length &&
          value.length >= (field.minItems ?? 0) && value.length <= (field.maxItems ?? Infinity);
      default:
        if (typeof value !== 'string') return false;
        if (field.enum) return field.enum.includes(value);
        return [...value].length >= (field.minLength ?? 0) && [...value].length <= (field.maxLength ?? Infinity) && formatOk(field.format, value);
    }
  })();
  return ok ? undefined : describe(field);
}
