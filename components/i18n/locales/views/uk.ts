/** Ukrainian: the plan, a sub-agent, the in-page model's progress, Undo, a call's preview, the too-long warning, A2UI and AG-UI cards, the long log. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('uk');

/** `n` tokens, `shown` the number written, in the form for `n` (nominative: a size on its own). */
const tokensOf = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'токен', few: 'токени', many: 'токенів', other: 'токена' })}`;
/** The same after a word that takes the genitive ("about"). */
const tokensGen = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'токена', few: 'токенів', many: 'токенів', other: 'токена' })}`;
/** `n` characters, `shown` the number written (nominative). */
const charsOf = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'символ', few: 'символи', many: 'символів', other: 'символу' })}`;
/** The same after a word that takes the genitive ("to"). */
const charsGen = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'символу', few: 'символів', many: 'символів', other: 'символу' })}`;

export const views = {
  planTitle: 'План',
  planCount: (done: string, total: string, count: number) => `виконано ${count === 1 ? '1' : done} з ${total}`,
  planFailedCount: (count: string, n: number) => `з помилкою: ${n === 1 ? '1' : count}`,
  planBlockedCount: (count: string, n: number) => `${count} ${plural(n, { one: 'заблокована', few: 'заблоковані', many: 'заблоковано', other: 'заблоковано' })}`,
  planTasks: 'Завдання',
  planPending: 'очікує',
  planInProgress: 'виконується',
  planDone: 'виконано',
  planFailed: 'помилка',
  planBlocked: 'заблоковано',
  planAfter: (titles: string) => `після: ${titles}`,
  subAgentTitle: 'Субагент',
  subAgentWorking: 'працює',
  subAgentStep: (n: string, max: string) => `крок ${n} з ${max}`,
  subAgentFinished: 'завершив',
  subAgentCalls: (count: number, shown: string) =>
    plural(count, { one: `${shown} виклик інструмента`, few: `${shown} виклики інструментів`, many: `${shown} викликів інструментів`, other: `${shown} виклику інструментів` }),
  engineReadyNotKept: (reason: string) => `Модель готова, але її не збережено на наступний раз: ${reason}`,
  engineDownloading: (percent: string, loaded: string, total: string) => `Завантаження моделі… ${percent} (${loaded} з ${total} МБ)`,
  engineDownloadingSize: (loaded: string) => `Завантаження моделі… ${loaded} МБ`,
  engineDownload: 'Завантаження моделі',
  engineLoadingCache: 'Модель завантажується з кешу…',
  engineLoading: 'Модель завантажується…',
  engineFailed: (reason: string) => `Не вдалося завантажити модель: ${reason}`,
  undone: 'Скасовано',
  undoFailed: (reason: string) => `Не вдалося скасувати: ${reason}`,
  undo: 'Скасувати',
  undoCall: (tool: string) => `Скасувати ${tool}`,
  undoAll: 'Скасувати все',
  previewSteps: 'Що буде зроблено',
  previewPrivate: 'приватне поле: значення приховано',
  previewEmpty: '(порожньо)',
  previewGone: 'Цього вже немає на сторінці: схвалення нічого не запустить.',
  previewHidden: 'Зараз приховано на сторінці.',
  previewFailed: (reason: string) => `Попередній перегляд не вдався: ${reason}`,
  tooLongText: (tokens: string, chars: string, window: string, tokenCount: number, charCount: number) =>
    `У цьому повідомленні близько ${tokensGen(tokenCount, tokens)} (${charsOf(charCount, chars)}); контекстне вікно моделі — ${window}. Якщо надіслати його так, модель отримає лише початок і кінець (усе повідомлення лишиться в розмові).`,
  tooLongWindow: (tokens: string, count: number) => `${tokensOf(count, tokens)}`,
  tooLongWindowAssumed: (tokens: string, count: number) => `${tokensOf(count, tokens)} (припущення: модель не повідомила)`,
  sendAnyway: 'Усе одно надіслати',
  trimToFit: (chars: string, count: number) => `Обрізати до ${charsGen(count, chars)}`,
  a2uiSurface: 'Поверхня',
  a2uiSurfaceOf: (ids: string) => `Поверхня ${ids}`,
  a2uiDrawing: 'Малювання…',
  a2uiNotSentElsewhere: (name: string) => `Не надіслано: ${name} можна надіслати лише з вкладки, яка веде цю розмову.`,
  a2uiSentAtEnd: (name: string) => `${name} буде надіслано, коли відповідь завершиться.`,
  a2uiSent: (name: string) => `${name} надіслано.`,
  a2uiNotSent: (name: string) => `Не надіслано: ${name} зараз надіслати не вдалося; спробуйте ще раз.`,
  activityOf: (type: string) => `Активність: ${type}`,
  mcpChoose: (count: string) => `Виберіть ${count}.`,
  mcpChooseBetween: (min: string, max: string) => `Виберіть від ${min} до ${max}.`,
  mcpChooseAtLeast: (count: string) => `Виберіть щонайменше ${count}.`,
  mcpChooseAtMost: (count: string) => `Виберіть щонайбільше ${count}.`,
  showEarlier: (count: string, hidden: string, n: number, hiddenN: number) => `Показати ${count} ${plural(n, { one: 'попередній', few: 'попередні', other: 'попередніх' })} (з ${hidden} ${plural(hiddenN, { one: 'прихованого', other: 'прихованих' })})`,
  // the library's errors by code (components/conversation/error-words.ts), and the banner's raw detail
  errorDetails: "Докладніше",
  errHttp: (status: string) => `Сервер моделі відповів помилкою (HTTP ${status}).`,
  errNetwork: "Не вдалося зв'язатися із сервером моделі. Перевірте з'єднання й адресу.",
  errTimeout: (seconds: string) => `Сервер моделі не відповів за ${seconds} с.`,
  errStream: "Відповідь обірвалася на середині: з'єднання із сервером моделі перервалося.",
  errEmptyResponse: "Модель надіслала порожню відповідь.",
  errContextOverflow: "Розмова більше не вміщується в контекстне вікно моделі.",
  errBusy: "Відповідь уже триває: дочекайтеся її завершення або зупиніть її.",
  errWorkerCrashed: "Воркер асистента несподівано зупинився. Перезавантажте сторінку, щоб почати знову.",
  errStorageQuota: "Сховище браузера заповнене: ця розмова зберігається лише в пам'яті.",
  errRefused: "Відхилено правилом безпеки (адреса не зі списку дозволених).",
  errVisionUnsupported: "Ця модель не вміє читати зображення. Надішліть повідомлення без зображення або виберіть модель із підтримкою зору.",
  errInternal: "Усередині асистента щось пішло не так.",
};
