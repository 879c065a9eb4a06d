/** Russian: the plan, a sub-agent, the in-page model's progress, Undo, a call's preview, the too-long warning, A2UI and AG-UI cards, the long log. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('ru');

/** `n` tokens, `shown` the number written, in the form for `n` (nominative: a size on its own). */
const tokensOf = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'токен', few: 'токена', many: 'токенов', other: 'токена' })}`;
/** The same after a word that takes the genitive ("about"). */
const tokensGen = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'токена', few: 'токенов', many: 'токенов', other: 'токена' })}`;
/** `n` characters, `shown` the number written (nominative). */
const charsOf = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'символ', few: 'символа', many: 'символов', other: 'символа' })}`;
/** The same after a word that takes the genitive ("to"). */
const charsGen = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'символа', few: 'символов', many: 'символов', other: 'символа' })}`;

export const views = {
  planTitle: 'План',
  planCount: (done: string, total: string, count: number) => `выполнено ${count === 1 ? '1' : done} из ${total}`,
  planFailedCount: (count: string, n: number) => `с ошибкой: ${n === 1 ? '1' : count}`,
  planBlockedCount: (count: string, n: number) => `${count} ${plural(n, { one: 'заблокирована', few: 'заблокированы', many: 'заблокировано', other: 'заблокировано' })}`,
  planTasks: 'Задачи',
  planPending: 'ожидает',
  planInProgress: 'выполняется',
  planDone: 'выполнено',
  planFailed: 'ошибка',
  planBlocked: 'заблокировано',
  planAfter: (titles: string) => `после: ${titles}`,
  subAgentTitle: 'Субагент',
  subAgentWorking: 'работает',
  subAgentStep: (n: string, max: string) => `шаг ${n} из ${max}`,
  subAgentFinished: 'завершил',
  subAgentCalls: (count: number, shown: string) =>
    plural(count, { one: `${shown} вызов инструмента`, few: `${shown} вызова инструментов`, many: `${shown} вызовов инструментов`, other: `${shown} вызова инструментов` }),
  engineReadyNotKept: (reason: string) => `Модель готова, но не сохранена на следующий раз: ${reason}`,
  engineDownloading: (percent: string, loaded: string, total: string) => `Загрузка модели… ${percent} (${loaded} из ${total} МБ)`,
  engineDownloadingSize: (loaded: string) => `Загрузка модели… ${loaded} МБ`,
  engineDownload: 'Загрузка модели',
  engineLoadingCache: 'Модель загружается из кеша…',
  engineLoading: 'Модель загружается…',
  engineFailed: (reason: string) => `Не удалось загрузить модель: ${reason}`,
  undone: 'Отменено',
  undoFailed: (reason: string) => `Не удалось отменить: ${reason}`,
  undo: 'Отменить',
  undoCall: (tool: string) => `Отменить ${tool}`,
  undoAll: 'Отменить всё',
  previewSteps: 'Что будет сделано',
  previewPrivate: 'закрытое поле: значения скрыты',
  previewEmpty: '(пусто)',
  previewGone: 'Этого больше нет на странице: одобрение ничего не запустит.',
  previewHidden: 'Сейчас скрыто на странице.',
  previewFailed: (reason: string) => `Предпросмотр не удался: ${reason}`,
  tooLongText: (tokens: string, chars: string, window: string, tokenCount: number, charCount: number) =>
    `В этом сообщении около ${tokensGen(tokenCount, tokens)} (${charsOf(charCount, chars)}); контекстное окно модели — ${window}. Если отправить его как есть, модель получит только начало и конец (всё сообщение останется в беседе).`,
  tooLongWindow: (tokens: string, count: number) => `${tokensOf(count, tokens)}`,
  tooLongWindowAssumed: (tokens: string, count: number) => `${tokensOf(count, tokens)} (предположительно: модель не сообщила)`,
  sendAnyway: 'Всё равно отправить',
  trimToFit: (chars: string, count: number) => `Обрезать до ${charsGen(count, chars)}`,
  a2uiSurface: 'Поверхность',
  a2uiSurfaceOf: (ids: string) => `Поверхность ${ids}`,
  a2uiDrawing: 'Отрисовка…',
  a2uiNotSentElsewhere: (name: string) => `Не отправлено: ${name} можно отправить только из вкладки, которая ведёт эту беседу.`,
  a2uiSentAtEnd: (name: string) => `${name} будет отправлено, когда ответ закончится.`,
  a2uiSent: (name: string) => `${name} отправлено.`,
  a2uiNotSent: (name: string) => `Не отправлено: ${name} сейчас отправить не удалось; попробуйте ещё раз.`,
  activityOf: (type: string) => `Активность: ${type}`,
  mcpChoose: (count: string) => `Выберите ${count}.`,
  mcpChooseBetween: (min: string, max: string) => `Выберите от ${min} до ${max}.`,
  mcpChooseAtLeast: (count: string) => `Выберите не менее ${count}.`,
  mcpChooseAtMost: (count: string) => `Выберите не более ${count}.`,
  showEarlier: (count: string, hidden: string, n: number, hiddenN: number) => `Показать ${count} ${plural(n, { one: 'предыдущий', other: 'предыдущих' })} (из ${hidden} ${plural(hiddenN, { one: 'скрытого', other: 'скрытых' })})`,
  // the library's errors by code (components/conversation/error-words.ts), and the banner's raw detail
  errorDetails: "Подробности",
  errHttp: (status: string) => `Сервер модели ответил ошибкой (HTTP ${status}).`,
  errNetwork: "Не удалось связаться с сервером модели. Проверьте подключение и адрес.",
  errTimeout: (seconds: string) => `Сервер модели не ответил за ${seconds} с.`,
  errStream: "Ответ оборвался на середине: соединение с сервером модели прервалось.",
  errEmptyResponse: "Модель прислала пустой ответ.",
  errContextOverflow: "Беседа больше не помещается в контекстное окно модели.",
  errBusy: "Ответ уже идёт: дождитесь его конца или остановите его.",
  errWorkerCrashed: "Воркер ассистента неожиданно остановился. Перезагрузите страницу, чтобы начать заново.",
  errStorageQuota: "Хранилище браузера заполнено: эта беседа хранится только в памяти.",
  errRefused: "Отклонено правилом безопасности (адрес не из списка разрешённых).",
  errVisionUnsupported: "Эта модель не умеет читать изображения. Отправьте сообщение без изображения или выберите модель с поддержкой зрения.",
  errInternal: "Внутри ассистента что-то пошло не так.",
};
