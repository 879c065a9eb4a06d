/** Russian: the log's own lines, the tab notice, A2UI's refused media, and the library's errors by code. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('ru');

/** The word for `n` tokens, in its form for `n`. */
const tokens = (n: number): string => plural(n, { one: 'токен', few: 'токена', many: 'токенов', other: 'токена' });

export const notes = {
  noticeStopped: 'Остановлено.',
  noticeInterrupted: 'Прервано: страницу закрыли или перезагрузили, пока писался этот ответ.',
  noticeStepLimit: (max: string, count: number) => `Остановлено после ${max} ${plural(count, { one: 'шага', few: 'шагов', many: 'шагов', other: 'шага' })}: лимит шагов исчерпан раньше, чем задача была выполнена.`,
  noticeStepLimitUnknown: 'Остановлено на лимите шагов, задача не выполнена.',
  noticeSelfCheck: (n: string) => `Самопроверка на шаге ${n}`,
  noticeNudge: 'Модели напомнили сделать то, что она объявила',
  logContextSizes: (before: string, after: string, window: string, count: number) => `${before} → ${after} ${tokens(count)} из ${window}`,
  logContextFolded: (count: number, shown: string, sizes: string) =>
    `${plural(count, { one: `${shown} прежнее сообщение свёрнуто`, few: `${shown} прежних сообщения свёрнуты`, many: `${shown} прежних сообщений свёрнуто`, other: `${shown} прежнего сообщения свёрнуто` })} в сводку, чтобы уместиться в контекст модели (${sizes}).`,
  logContextDropped: (count: number, shown: string, sizes: string) =>
    `${plural(count, { one: `${shown} прежнее сообщение опущено`, few: `${shown} прежних сообщения опущены`, many: `${shown} прежних сообщений опущено`, other: `${shown} прежнего сообщения опущено` })}, чтобы уместиться в контекст модели; сводку составить не удалось (${sizes}).`,
  logContextCutMessage: (sizes: string) => `Это сообщение слишком длинное для контекста модели: его середина не отправлена (${sizes}); здесь оно сохранено целиком.`,
  logContextCutResult: (before: string, after: string, count: number) => `Длинный результат инструмента обрезан, чтобы уместиться в контекст модели (${before} → ${after} ${tokens(count)}); модель может дочитать.`,
  tabReadOnly: 'Только чтение: эта беседа открыта в другой вкладке.',
  tabNotice: 'Эта беседа открыта в другой вкладке. Здесь она только для чтения и следует за той вкладкой; продолжится здесь, когда та вкладка будет закрыта.',
  a2uiNotShownNotUrl: (url: string) => `Не показано: ${url} — не URL.`,
  a2uiNotShownImage: (url: string) => `Не показано: ${url} — не URL http(s) и не data:image/….`,
  a2uiNotShownLink: (url: string) => `Не показано: ${url} — не URL http(s).`,
  errAborted: 'Остановлено до завершения.',
  errBadRequest: 'Ассистента попросили о том, что он не может сделать в таком виде: настройка или значение недопустимы.',
  errInvalidTool: 'Инструмент этой страницы определён неверно, поэтому ассистент не может им пользоваться.',
  errDisposed: 'Ассистент на этой странице завершён. Перезагрузите страницу, чтобы начать заново.',
  errWorkerRestarted: 'Остановлено: воркер ассистента не ответил вовремя, поэтому его завершили и запустили новый.',
  errStorage: 'Не удалось сохранить беседу в браузере.',
  errStorageUnavailable: 'Хранилище браузера здесь недоступно (приватный режим или оно отключено): эта беседа хранится только в памяти.',
  errStorageBlocked: 'Другая вкладка держит хранилище этого сайта открытым в другой версии: эта беседа хранится только в памяти. Перезагрузите или закройте ту вкладку.',
  errToolsUnsupported: 'Эта модель или её сервер не принимает инструменты. Выберите модель, обученную вызывать инструменты, или текстовый протокол инструментов.',
  errModelFile: 'Файл модели нельзя использовать: это не модель GGUF, он обрезан или повреждён, либо в нём нет шаблона чата.',
  errOutOfMemory: 'Модель не помещается в память, доступную этой странице. Выберите модель поменьше или с более сильным квантованием.',
  errUnknownWorkflow: 'У этого ассистента нет сценария с таким именем. Введите /workflow, чтобы увидеть его сценарии.',
  errAttachmentTooLarge: 'Файл больше допустимого: ничего не отправлено.',
  errAttachmentsTooLarge: 'Вместе файлы больше, чем может нести одно сообщение: ничего не отправлено.',
  errTooManyAttachments: 'Слишком много файлов для одного сообщения: ничего не отправлено.',
  errAttachmentType: 'Файл такого типа здесь прикрепить нельзя: ничего не отправлено.',
  errAttachmentUnreadable: 'Не удалось прочитать файл (изображение не открывается или текст не в UTF-8): ничего не отправлено.',
  errThreadBusy: 'Эта беседа открыта в другой вкладке, которая её записывает. Закройте её там, чтобы продолжить здесь.',
  errProtocol: 'Сервер ответил, но не по тому протоколу, на котором с ним говорит ассистент.',
  errRemoteError: 'Удалённый агент сообщил, что его запуск завершился ошибкой.',
  errNotUndoable: 'Это нельзя отменить: действие не завершено, уже отменено или его инструмент не умеет отменять.',
  refusedCount: (name: string, max: string, count: number) => `«${name}» не прикреплён: одно сообщение берёт не больше ${max} ${plural(count, { one: 'файла', other: 'файлов' })}.`,
  refusedType: (name: string, type: string) => `«${name}» имеет тип ${type}, такой файл здесь прикрепить нельзя.`,
  refusedSize: (name: string, size: string, max: string) => `«${name}» весит ${size}; файл может весить не больше ${max} (в исходном виде, до уменьшения изображений).`,
  refusedTotal: (name: string, total: string, max: string) => `С «${name}» файлы этого сообщения заняли бы ${total}; сообщение может нести не больше ${max}.`,
  refusedText: (name: string) => `«${name}» — не текст в UTF-8, поэтому его нельзя отправить как текстовый файл.`,
  refusedImage: (name: string) => `Не удалось прочитать «${name}» как изображение; попробуйте PNG или JPEG.`,
  noticeWebmcpUnavailable: 'WebMCP: в этом браузере нет WebMCP (document.modelContext), поэтому инструменты не передаются браузерным агентам и не берутся со страницы.',
  noticeWebmcpError: (message: string) => `Ошибка WebMCP: ${message}`,
  noticeWebmcpNotRegistered: (tool: string, error: string) => `Ошибка WebMCP: не удалось зарегистрировать «${tool}»: ${error}`,
  noticeWebmcpNotOffered: (tool: string, error: string) => `Ошибка WebMCP: инструмент «${tool}» не предложен ассистенту: ${error}`,
  noticeWebmcpNoListing: `Ошибка WebMCP: WebMCP этого браузера не умеет перечислять и запускать другие инструменты (нет getTools() и executeTool()), поэтому ни один не предложен.`,
  noticeWebmcpListFailed: (error: string) => `Ошибка WebMCP: сбой getTools(): ${error}`,
  noticeWebmcpNoStart: (error: string) => `Не удалось запустить WebMCP: ${error}`,
  noticeNotKept: (count: number, names: string, reason: string) =>
    `${plural(count, { one: `Файл ${names} отправлен, но не сохранён`, other: `Файлы ${names} отправлены, но не сохранены` })} в беседе (${reason}): после перезагрузки ${plural(count, { one: 'его не будет', other: 'их не будет' })}.`,
  noticeNotKeptFull: (count: number, names: string) =>
    `${plural(count, { one: `Файл ${names} отправлен, но не сохранён`, other: `Файлы ${names} отправлены, но не сохранены` })} в беседе (хранилище браузера для этого сайта заполнено): после перезагрузки ${plural(count, { one: 'его не будет', other: 'их не будет' })}.`,
  noticeNoMcpServers: (command: string) => `Нет MCP-промпта ${command}: у этого чата нет MCP-серверов.`,
};
