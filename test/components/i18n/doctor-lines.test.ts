// The doctor's findings and fixes are said in the element's language
// (issue 37): a report holding every line of src/diagnosis-lines.ts, in every
// status, is drawn with marked words (⟪…⟫, a pseudo locale) and no word
// outside the marks; the same report with English words has words outside
// them (the check can fail); in German and Arabic no line is the English one.
// A quoted value (a model name, a server's message) is drawn as it is,
// `translate="no"`; a report from an older library (no `said`) keeps its
// English. The real worker's report is checked the same way in
// rooms-words.test.ts (a line written in English again fails there).
import { expect } from 'chai';
import { renderDoctorItem } from '../../../components/doctor/doctor-report.js';
import type { I18n } from '../../../components/i18n/index.js';
import { loadCatalog } from '../../../components/i18n/catalogs.js';
import { check, diagnosisLines, englishOf, line } from '../../../src/diagnosis-lines.js';
import type { Diagnosis, DiagnosisLine, DiagnosisStatus } from '../../../src/diagnosis-types.js';
import { PSEUDO, drawingBoard, i18nOf, shownTexts, unmarked, wholeCatalog } from './element-words.js';
import { chooseBackend, type GpuLike } from '../../../src/model/engine/gpu-backend.js';
import { engineStartError } from '../../../src/model/engine/worker-policy.js';

/** Data, not the element's words: the quoted values. */
const DATA = '[translate="no"]';
const STATUSES: DiagnosisStatus[] = ['pass', 'warn', 'fail', 'skip'];
const IDS = Object.keys(diagnosisLines) as Array<keyof typeof diagnosisLines>;

/** Each line with figures for its values (numbers: a plural sees a count). */
const lineOf = (id: keyof typeof diagnosisLines, n = 3): DiagnosisLine => {
  const word = diagnosisLines[id];
  return { id, params: typeof word === 'function' ? Array.from({ length: word.length }, () => n) : [] };
};

/** A report of one check per line, the statuses in turn; each failure and warning with a fix (a line with a quoted value). */
function everyLine(): Diagnosis {
  const checks = IDS.map((id, i) => {
    const status = STATUSES[i % 4]!;
    const fix = status === 'fail' || status === 'warn' ? [lineOf('dxModelLlamaFix'), { id: 'dxModelMissing', params: ['qwen3:8b', 'llama3.1, gemma3'] }] : undefined;
    return check(i % 2 ? 'context' : 'tools', 'Label', status, [lineOf(id)], fix);
  });
  return { target: 'endpoint', subject: 'http://localhost:8080/v1', family: 'llama.cpp', checks, durationMs: 1234 };
}

const draw = (i18n: I18n, d: Diagnosis = everyLine(), loading?: (load: Promise<void>) => void): HTMLElement => {
  const { shown, draw: put } = drawingBoard();
  put('doctor', renderDoctorItem({ kind: 'doctor', id: 'doctor-1', diagnosis: d }, i18n, loading));
  return shown.get('doctor')!;
};

/** Each drawn finding's text (`.doctor-detail`) or fix's (`.doctor-fix-text`), in order. */
const textsOf = (root: HTMLElement, which: string): string[] => [...root.querySelectorAll(which)].map((el) => el.textContent!.trim());
const linesOf = (root: HTMLElement): string[] => textsOf(root, '.doctor-detail, .doctor-fix-text');

describe('the doctor’s lines in the element’s language', () => {
  afterEach(() => document.body.replaceChildren());

  it('every line, in every status: marked words only; with the English words the check finds them', () => {
    const marked = draw(i18nOf(PSEUDO));
    expect(marked.querySelectorAll('.doctor-detail').length).to.equal(IDS.length);
    expect(new Set([...marked.querySelectorAll('.doctor-check')].map((li) => li.classList[1]))).to.have.length(4);
    expect(unmarked(marked, DATA)).to.deep.equal([]);
    const english = draw(i18nOf({}));
    expect(unmarked(english, DATA).length).to.be.greaterThan(IDS.length / 2);
    // The English drawing is the worker's English, line for line.
    expect(textsOf(english, '.doctor-detail')).to.deep.equal(everyLine().checks.map((c) => c.detail.trim()));
  });

  it('a quoted value is drawn as it is, untranslated; a number is the line’s own', () => {
    const d: Diagnosis = { target: 'endpoint', subject: 'x', checks: [check('models', 'Model', 'fail', [{ id: 'dxModelMissing', params: ['qwen3:8b', 'a, b'] }], [{ id: 'dxModelListed', params: ['m', 1] }])], durationMs: 1 };
    const root = draw(i18nOf(PSEUDO), d);
    expect([...root.querySelectorAll('.doctor-check [translate="no"]')].map((el) => el.textContent)).to.deep.equal(['qwen3:8b', 'a, b', 'm']);
    expect(root.querySelector('.doctor-fix-text')!.textContent).to.equal('⟪"m" is among the 1 model the server lists.⟫');
  });

  it('a report without lines, or with a line this version does not know, keeps the library’s English', () => {
    const old: Diagnosis = { target: 'endpoint', subject: 'x', checks: [{ id: 'cors', label: 'CORS', status: 'fail', detail: 'Old English finding.', fix: 'Old English fix.' }, { ...check('vision', 'Vision', 'pass', [lineOf('dxVisionYes')]), said: { detail: [{ id: 'dxFromTheFuture', params: [] }] } }], durationMs: 1 };
    const root = draw(i18nOf(PSEUDO), old);
    expect(linesOf(root)).to.deep.equal(['Old English finding.', 'Old English fix.', englishOf([lineOf('dxVisionYes')])]);
    expect(root.querySelector('.doctor-detail')!.getAttribute('lang')).to.equal('en');
  });

  /** A llama-server's report: its window read from /props for each of 4 slots, a stream with its quirks, a server's message. */
  const llamaReport = (slots = 4): Diagnosis => ({
    target: 'endpoint', subject: 'http://localhost:8080/v1', family: 'llama.cpp', durationMs: 10,
    checks: [
      check('context', 'Context window', 'warn', [line('dxContextSmall', 4096, line('dxSourceLlamaSlots', slots))], [line('dxWindowLlama', 16384)]),
      check('stream', 'Stream', 'pass', [line('dxQuirkUsageLast'), line('dxQuirkSep'), line('dxQuirkArgsPieces', 12), line('dxQuirkSep'), line('dxQuirkFinish', 'stop'), line('dxQuirkSep'), line('dxQuirkReasoningContent'), line('dxEnd')]),
      check('tools', 'Tool calls', 'fail', [line('dxToolsError', 'model not found (HTTP 404)')], [line('dxToolsErrorFix')]),
    ],
  });

  it('a context size’s source and the stream’s quirks are our lines: the English is the worker’s, each word marked, the values as they are', () => {
    const d = llamaReport();
    expect(d.checks[0]!.detail).to.equal('4096 tokens (llama-server /props n_ctx, per slot (4 slots)): small — the tools, the system prompt and a few turns fill it, and older turns are folded often.');
    expect(d.checks[1]!.detail).to.equal('usage on the last chunk; tool-call arguments streamed in 12 pieces; finish_reason "stop" with a tool call (read as a call all the same); reasoning in reasoning_content (llama.cpp, DeepSeek, older vLLM).');
    const marked = draw(i18nOf(PSEUDO), d);
    expect(unmarked(marked, DATA)).to.deep.equal([]);
    expect(textsOf(marked, '.doctor-detail')[0]).to.include('(⟪llama-server /props n_ctx, per slot (4 slots)⟫)');
    expect([...marked.querySelectorAll('[translate="no"]')].map((v) => v.textContent)).to.deep.equal(['http://localhost:8080/v1', 'stop', 'model not found (HTTP 404)']);
    expect(textsOf(draw(i18nOf({}), d), '.doctor-detail')).to.deep.equal(d.checks.map((c) => c.detail));
  });

  it('a language’s lines load with the checklist (not with its catalog): English until they are in, the load handed over to wait for; then the language’s, an app’s label over them', async () => {
    const catalog = await loadCatalog('de');
    expect(Object.hasOwn(catalog.messages, 'dxSkipNothing')).to.equal(false);
    const label = '⟪nothing at that address⟫';
    // A loader of its own (the catalog's would be cached by another test's draw): the German catalog's.
    const i18n: I18n = { ...i18nOf({ ...catalog.messages, dxSkipNothing: label }, catalog.format), doctorLines: () => catalog.doctor() };
    const loads: Promise<void>[] = [];
    const first = linesOf(draw(i18n, everyLine(), (load) => loads.push(load)));
    expect(first).to.deep.equal(linesOf(draw(i18nOf({ dxSkipNothing: label }))));
    expect(loads).to.have.length(1);
    await Promise.all(loads);
    const then = linesOf(draw(i18n, everyLine(), (load) => loads.push(load)));
    expect(loads).to.have.length(1);
    expect(then).to.deep.equal(linesOf(draw(i18nOf({ ...(await wholeCatalog('de')).messages, dxSkipNothing: label }))));
    expect(then).to.include(label);
    expect(then.filter((text, i) => text !== first[i]).length).to.be.greaterThan(IDS.length / 2);
  });

  it('ru, uk, pl, ar: a count inside a line takes its plural form', async () => {
    const detail = async (tag: string, slots: number, i = 0) => {
      const catalog = await wholeCatalog(tag);
      const root = draw(i18nOf(catalog.messages as never, catalog.format), llamaReport(slots));
      const text = textsOf(root, '.doctor-detail')[i]!;
      root.remove();
      return text;
    };
    expect(await detail('ru', 4)).to.include('4 слотов').and.include('4096 токенов');
    expect(await detail('ru', 21)).to.include('4096 токенов');
    expect(await detail('ru', 2)).to.include('2 слотов');
    expect(await detail('ru', 21)).to.include('21 слота');
    expect(await detail('uk', 3)).to.include('3 слотів');
    expect(await detail('pl', 5)).to.include('5 slotów');
    expect(await detail('ru', 4, 1)).to.include('12 кусками');
    expect(await detail('ar', 2)).to.include('2 خانتين');
    expect(await detail('ar', 5)).to.include('5 خانات');
    // The window's own count: 8192 токена (few), 4096 токенов (many), 1 токен.
    const ru = (await wholeCatalog('ru')).messages as Record<string, (...a: unknown[]) => string>;
    expect([ru.dxContextOk!(8192, 'x'), ru.dxContextOk!(4096, 'x'), ru.dxContextOk!(1, 'x')]).to.deep.equal(['8192 токена (x).', '4096 токенов (x).', '1 токен (x).']);
    expect(ru.dxThreadsOk!(2, 21)).to.equal('2 из 21 ядра.');
    const uk = (await wholeCatalog('uk')).messages as Record<string, (...a: unknown[]) => string>;
    expect(uk.dxContextOk!(8192, 'x')).to.equal('8192 токени (x).');
    const pl = (await wholeCatalog('pl')).messages as Record<string, (...a: unknown[]) => string>;
    expect(pl.dxContextOk!(8192, 'x')).to.equal('8192 tokeny (x).');
  });

  for (const tag of ['de', 'ar']) {
    it(`${tag}: the context's source and the stream's quirks are not the English`, async () => {
      const catalog = await wholeCatalog(tag);
      const shown = draw(i18nOf(catalog.messages as never, catalog.format, tag === 'ar' ? 'rtl' : 'ltr'), llamaReport());
      const [context, stream] = textsOf(shown, '.doctor-detail');
      expect(context).to.not.match(/per slot|slots|small/);
      expect(stream).to.not.match(/usage|pieces|with a tool call|reasoning in/);
      expect(stream).to.include('stop').and.include('reasoning_content');
    });

    it(`${tag}: no line is the English one`, async () => {
      const catalog = await wholeCatalog(tag);
      const i18n = i18nOf(catalog.messages as never, catalog.format, tag === 'ar' ? 'rtl' : 'ltr');
      const [shown, english] = [draw(i18n), draw(i18nOf({}))];
      // Lines with no words of their own: a value, a space, a full stop.
      const bare = new Set(['dxAsIs', 'dxSpace', 'dxEnd', 'dxServerIs', 'dxServerIsVersion', 'dxContextOk', 'dxQuirkSep', 'dxSourceLlama', 'dxSourceVllm', 'dxSourceLmstudio']);
      const [found, enFound] = [textsOf(shown, '.doctor-detail'), textsOf(english, '.doctor-detail')];
      expect(IDS.filter((id, i) => !bare.has(id) && found[i] === enFound[i])).to.deep.equal([]);
      const [fixes, enFixes] = [textsOf(shown, '.doctor-fix-text'), textsOf(english, '.doctor-fix-text')];
      expect(fixes.length).to.be.greaterThan(0);
      expect(fixes.filter((text, i) => text === enFixes[i])).to.deep.equal([]);
    });
  }

  /** A GPU whose adapter lacks both features llama.cpp's WebGPU backend needs, one that fails, one with no adapter. */
  const GPUS: Record<string, GpuLike> = {
    lacks: { requestAdapter: async () => ({ features: { has: () => false }, info: { vendor: 'acme', architecture: 'tiny' } }) },
    failed: { requestAdapter: () => Promise.reject(new Error('GPUProcessUnavailable: the GPU process crashed')) },
    noAdapter: { requestAdapter: async () => null },
  };
  /** Why the engine runs on the CPU, each way, as the engine decides it: its English `reason` and its line `why`. */
  const cpuReasons = async () =>
    Promise.all([chooseBackend('off', undefined), chooseBackend('auto', 0), chooseBackend('auto', undefined, null), ...Object.values(GPUS).map((gpu) => chooseBackend('auto', undefined, gpu))]);
  /** Each way the engine's worker cannot start, as a line (a browser's message inside the first). */
  const STARTS: DiagnosisLine[] = [{ id: 'dxWorkerNoWasm', params: ['CompileError: WebAssembly.Module(): Refused to compile'] }, { id: 'dxWorkerNoBlob', params: [] }, { id: 'dxWorkerStuck', params: [10] }];
  /** The in-page engine's report with each of them: the worker's and the GPU's checks. */
  const engineReport = async (): Promise<Diagnosis> => {
    const reasons = await cpuReasons();
    const gpu = reasons.map((r) => (r.backend === 'cpu' ? check('webgpu', 'WebGPU', 'warn', [line('dxGpuCpu', r.why!)], [line('dxGpuFix')]) : undefined)).filter((c) => c !== undefined);
    const worker = STARTS.map((said) => check('worker', 'Worker and WebAssembly', 'fail', [said], [line('dxWorkerFix')]));
    return { target: 'engine', subject: 'https://example.com/m.gguf', checks: [...worker, ...gpu], durationMs: 5 };
  };

  it('the engine’s reasons (why the CPU, why its worker cannot start) are our lines: the English is the engine’s, word for word; the browser’s words and names as they are', async () => {
    const reasons = await cpuReasons();
    expect(reasons.map((r) => (r.backend === 'cpu' ? r.why?.id : r.backend))).to.deep.equal(['dxGpuWhyOff', 'dxGpuWhyLayers', 'dxGpuWhyNone', 'dxGpuWhyLacks', 'dxGpuWhyFailed', 'dxGpuWhyNoAdapter']);
    for (const r of reasons) if (r.backend === 'cpu') expect(englishOf([r.why!])).to.equal(r.reason);
    for (const said of STARTS) expect(englishOf([said])).to.equal(engineStartError(said).message);
    const d = await engineReport();
    const marked = draw(i18nOf(PSEUDO), d);
    expect(unmarked(marked, DATA)).to.deep.equal([]);
    expect([...marked.querySelectorAll('.doctor-check [translate="no"]')].map((v) => v.textContent)).to.deep.equal([
      'CompileError: WebAssembly.Module(): Refused to compile', 'acme tiny', 'shader-f16, subgroups', 'GPUProcessUnavailable: the GPU process crashed',
    ]);
    expect(textsOf(draw(i18nOf({}), d), '.doctor-detail')).to.deep.equal(d.checks.map((c) => c.detail));
  });

  for (const tag of ['de', 'ar']) {
    it(`${tag}: the engine's reasons have none of the English, the values as they are`, async () => {
      const catalog = await wholeCatalog(tag);
      const d = await engineReport();
      const shown = draw(i18nOf(catalog.messages as never, catalog.format, tag === 'ar' ? 'rtl' : 'ltr'), d);
      const found = textsOf(shown, '.doctor-detail');
      expect(found).to.have.length(d.checks.length);
      for (const text of found) {
        // Names and others' words left out, what remains has no English word of ours.
        const own = ['CompileError: WebAssembly.Module(): Refused to compile', 'GPUProcessUnavailable: the GPU process crashed', 'acme tiny', 'shader-f16, subgroups'].reduce((t, v) => t.split(v).join(' '), text);
        expect(own, text).to.not.match(/\b(the|is|not|has|no|lacks|needs|failed|within|allow|start|runs|offers)\b/i);
      }
      expect(found.join(' ')).to.include('CompileError: WebAssembly.Module(): Refused to compile').and.include('acme tiny').and.include('shader-f16, subgroups');
    });
  }
});
