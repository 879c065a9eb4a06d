/** Ukrainian: the log's own lines, the tab notice, A2UI's refused media, and the library's errors by code. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('uk');

/** The word for `n` tokens, in its form for `n`. */
const tokens = (n: number): string => plural(n, { one: 'токен', few: 'токени', many: 'токенів', other: 'токена' });

export const notes = {
  noticeStopped: 'Зупинено.',
  noticeInterrupted: 'Перервано: сторінку закрили або перезавантажили, поки писалася ця відповідь.',
  noticeStepLimit: (max: string, count: number) => `Зупинено після ${max} ${plural(count, { one: 'кроку', few: 'кроків', many: 'кроків', other: 'кроку' })}: ліміт кроків вичерпано раніше, ніж завдання було виконано.`,
  noticeStepLimitUnknown: 'Зупинено на ліміті кроків, завдання не виконано.',
  noticeSelfCheck: (n: string) => `Самоперевірка на кроці ${n}`,
  noticeNudge: 'Моделі нагадали зробити те, що вона оголосила',
  logContextSizes: (before: string, after: string, window: string, count: number) => `${before} → ${after} ${tokens(count)} із ${window}`,
  logContextFolded: (count: number, shown: string, sizes: string) =>
    `${plural(count, { one: `${shown} попереднє повідомлення згорнуто`, few: `${shown} попередні повідомлення згорнуто`, many: `${shown} попередніх повідомлень згорнуто`, other: `${shown} попереднього повідомлення згорнуто` })} у підсумок, щоб вміститися в контекст моделі (${sizes}).`,
  logContextDropped: (count: number, shown: string, sizes: string) =>
    `${plural(count, { one: `${shown} попереднє повідомлення пропущено`, few: `${shown} попередні повідомлення пропущено`, many: `${shown} попередніх повідомлень пропущено`, other: `${shown} попереднього повідомлення пропущено` })}, щоб вміститися в контекст моделі; підсумок скласти не вдалося (${sizes}).`,
  logContextCutMessage: (sizes: string) => `Це повідомлення задовге для контексту моделі: його середину не надіслано (${sizes}); тут воно збережене повністю.`,
  logContextCutResult: (before: string, after: string, count: number) => `Довгий результат інструмента обрізано, щоб вміститися в контекст моделі (${before} → ${after} ${tokens(count)}); модель може дочитати.`,
  tabReadOnly: 'Лише читання: ця розмова відкрита в іншій вкладці.',
  tabNotice: 'Ця розмова відкрита в іншій вкладці. Тут вона лише для читання й стежить за тією вкладкою; продовжиться тут, коли ту вкладку закриють.',
  a2uiNotShownNotUrl: (url: string) => `Не показано: ${url} — не URL.`,
  a2uiNotShownImage: (url: string) => `Не показано: ${url} — не URL http(s) і не data:image/….`,
  a2uiNotShownLink: (url: string) => `Не показано: ${url} — не URL http(s).`,
  errAborted: 'Зупинено до завершення.',
  errBadRequest: 'Асистента попросили про те, чого він не може зробити в такому вигляді: налаштування або значення недійсне.',
  errInvalidTool: 'Інструмент цієї сторінки визначено неправильно, тож асистент не може ним користуватися.',
  errDisposed: 'Асистента на цій сторінці завершено. Перезавантажте сторінку, щоб почати знову.',
  errWorkerRestarted: 'Зупинено: воркер асистента не відповів вчасно, тож його завершили й запустили новий.',
  errStorage: 'Не вдалося зберегти розмову в браузері.',
  errStorageUnavailable: 'Сховище браузера тут недоступне (приватний режим або його вимкнено): ця розмова зберігається лише в пам’яті.',
  errStorageBlocked: 'Інша вкладка тримає сховище цього сайту відкритим в іншій версії: ця розмова зберігається лише в пам’яті. Перезавантажте або закрийте ту вкладку.',
  errToolsUnsupported: 'Ця модель або її сервер не приймає інструменти. Виберіть модель, навчену викликати інструменти, або текстовий протокол інструментів.',
  errModelFile: 'Файл моделі не можна використати: це не модель GGUF, він обрізаний чи пошкоджений, або в ньому немає шаблону чату.',
  errOutOfMemory: 'Модель не вміщується в пам’ять, доступну цій сторінці. Виберіть меншу модель або сильніше квантування.',
  errUnknownWorkflow: 'Цей асистент не має сценарію з такою назвою. Введіть /workflow, щоб побачити його сценарії.',
  errAttachmentTooLarge: 'Файл більший, ніж дозволено: нічого не надіслано.',
  errAttachmentsTooLarge: 'Разом файли більші, ніж може нести одне повідомлення: нічого не надіслано.',
  errTooManyAttachments: 'Забагато файлів для одного повідомлення: нічого не надіслано.',
  errAttachmentType: 'Файл такого типу тут прикріпити не можна: нічого не надіслано.',
  errAttachmentUnreadable: 'Не вдалося прочитати файл (зображення не відкривається або текст не в UTF-8): нічого не надіслано.',
  errThreadBusy: 'Ця розмова відкрита в іншій вкладці, яка її записує. Закрийте її там, щоб продовжити тут.',
  errProtocol: 'Сервер відповів, але не тим протоколом, яким із ним говорить асистент.',
  errRemoteError: 'Віддалений агент повідомив, що його запуск завершився помилкою.',
  errNotUndoable: 'Це не можна скасувати: дію не завершено, її вже скасовано або її інструмент не вміє скасовувати.',
  refusedCount: (name: string, max: string, count: number) => `«${name}» не прикріплено: одне повідомлення бере не більше ${max} ${plural(count, { one: 'файлу', other: 'файлів' })}.`,
  refusedType: (name: string, type: string) => `«${name}» має тип ${type}, такий файл тут прикріпити не можна.`,
  refusedSize: (name: string, size: string, max: string) => `«${name}» важить ${size}; файл може важити щонайбільше ${max} (у вихідному вигляді, до зменшення зображень).`,
  refusedTotal: (name: string, total: string, max: string) => `З «${name}» файли цього повідомлення зайняли б ${total}; повідомлення може нести щонайбільше ${max}.`,
  refusedText: (name: string) => `«${name}» — не текст у UTF-8, тому його не можна надіслати як текстовий файл.`,
  refusedImage: (name: string) => `Не вдалося прочитати «${name}» як зображення; спробуйте PNG або JPEG.`,
  noticeWebmcpUnavailable: 'WebMCP: у цьому браузері немає WebMCP (document.modelContext), тож інструменти не передаються браузерним агентам і не беруться зі сторінки.',
  noticeWebmcpError: (message: string) => `Помилка WebMCP: ${message}`,
  noticeWebmcpNotRegistered: (tool: string, error: string) => `Помилка WebMCP: не вдалося зареєструвати «${tool}»: ${error}`,
  noticeWebmcpNotOffered: (tool: string, error: string) => `Помилка WebMCP: інструмент «${tool}» не запропоновано асистентові: ${error}`,
  noticeWebmcpNoListing: `Помилка WebMCP: WebMCP цього браузера не вміє перелічувати й запускати інші інструменти (немає getTools() і executeTool()), тому жоден не запропоновано.`,
  noticeWebmcpListFailed: (error: string) => `Помилка WebMCP: збій getTools(): ${error}`,
  noticeWebmcpNoStart: (error: string) => `Не вдалося запустити WebMCP: ${error}`,
  noticeNotKept: (count: number, names: string, reason: string) =>
    `${plural(count, { one: `Файл ${names} надіслано, але не збережено`, other: `Файли ${names} надіслано, але не збережено` })} в розмові (${reason}): після перезавантаження ${plural(count, { one: 'його не буде', other: 'їх не буде' })}.`,
  noticeNotKeptFull: (count: number, names: string) =>
    `${plural(count, { one: `Файл ${names} надіслано, але не збережено`, other: `Файли ${names} надіслано, але не збережено` })} в розмові (сховище браузера для цього сайту заповнене): після перезавантаження ${plural(count, { one: 'його не буде', other: 'їх не буде' })}.`,
  noticeNoMcpServers: (command: string) => `Немає MCP-промпту ${command}: у цього чату немає MCP-серверів.`,
};
