/** Arabic: the log's own lines, the tab notice, A2UI's refused media, and the library's errors by code. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('ar');

/** "n earlier messages", in the form Arabic takes for n. */
const earlier = (count: number, shown: string): string =>
  plural(count, { zero: 'لا رسائل سابقة', one: 'رسالة سابقة واحدة', two: 'رسالتان سابقتان', few: `${shown} رسائل سابقة`, many: `${shown} رسالة سابقة`, other: `${shown} رسالة سابقة` });

/** `n` tokens (`shown`: n written), in the form Arabic takes for n. */
const tokens = (n: number, shown: string): string =>
  plural(n, { zero: `${shown} رمز`, one: `${shown} رمز`, two: `${shown} رمزان`, few: `${shown} رموز`, many: `${shown} رمزًا`, other: `${shown} رمز` });

export const notes = {
  noticeStopped: 'تم الإيقاف.',
  noticeInterrupted: 'انقطع: أُغلقت الصفحة أو أُعيد تحميلها أثناء كتابة هذا الرد.',
  noticeStepLimit: (max: string, count: number) =>
    `توقّف بعد ${plural(count, { zero: `${max} خطوة`, one: 'خطوة واحدة', two: 'خطوتين', few: `${max} خطوات`, many: `${max} خطوة`, other: `${max} خطوة` })}: بلغ حدّ الخطوات قبل إنجاز المهمة.`,
  noticeStepLimitUnknown: 'توقّف عند حدّ الخطوات قبل إنجاز المهمة.',
  noticeSelfCheck: (n: string) => `مراجعة ذاتية عند الخطوة ${n}`,
  noticeNudge: 'ذُكِّر النموذج بأن ينفّذ ما أعلنه',
  logContextSizes: (before: string, after: string, window: string, count: number) => `${before} → ${tokens(count, after)} من ${window}`,
  logContextFolded: (count: number, shown: string, sizes: string) => `طُويت ${earlier(count, shown)} في ملخّص لتتّسع لسياق النموذج (${sizes}).`,
  logContextDropped: (count: number, shown: string, sizes: string) => `حُذفت ${earlier(count, shown)} لتتّسع لسياق النموذج؛ تعذّر إعداد الملخّص (${sizes}).`,
  logContextCutMessage: (sizes: string) => `هذه الرسالة أطول من سياق النموذج: لم يُرسَل وسطها (${sizes})؛ وهي محفوظة هنا كاملة.`,
  logContextCutResult: (before: string, after: string, count: number) => `قُصّت نتيجة أداة طويلة لتتّسع لسياق النموذج (${before} → ${tokens(count, after)})؛ ويمكن للنموذج متابعة القراءة.`,
  tabReadOnly: 'للقراءة فقط: هذه المحادثة مفتوحة في علامة تبويب أخرى.',
  tabNotice: 'هذه المحادثة مفتوحة في علامة تبويب أخرى. هي هنا للقراءة فقط وتتبع تلك العلامة؛ وتستمر هنا عند إغلاقها.',
  a2uiNotShownNotUrl: (url: string) => `لم يُعرض: ${url} ليس عنوان URL.`,
  a2uiNotShownImage: (url: string) => `لم يُعرض: ${url} ليس عنوان http(s) ولا عنوان data:image/….`,
  a2uiNotShownLink: (url: string) => `لم يُعرض: ${url} ليس عنوان http(s).`,
  errAborted: 'توقّف قبل أن يكتمل.',
  errBadRequest: 'طُلب من المساعد أمر لا يستطيع تنفيذه بهذا الشكل: أحد الإعدادات أو القيم غير صالح.',
  errInvalidTool: 'إحدى أدوات هذه الصفحة غير معرَّفة تعريفًا صحيحًا، فلا يستطيع المساعد استخدامها.',
  errDisposed: 'أُوقف المساعد في هذه الصفحة. أعد تحميل الصفحة للبدء من جديد.',
  errWorkerRestarted: 'تم الإيقاف: لم يستجب العامل (worker) الخاص بالمساعد في الوقت المحدد، فأُنهي وبدأ عامل جديد.',
  errStorage: 'تعذّر حفظ المحادثة في المتصفح.',
  errStorageUnavailable: 'لا يمكن استخدام مساحة تخزين المتصفح هنا (تصفّح خاص، أو أنها معطّلة): تُحفظ هذه المحادثة في الذاكرة فقط.',
  errStorageBlocked: 'علامة تبويب أخرى تُبقي تخزين هذا الموقع مفتوحًا بإصدار آخر: تُحفظ هذه المحادثة في الذاكرة فقط. أعد تحميل علامة التبويب الأخرى أو أغلقها.',
  errToolsUnsupported: 'هذا النموذج أو خادمه لا يقبل الأدوات. اختر نموذجًا مصمَّمًا لاستدعاء الأدوات، أو البروتوكول النصي للأدوات.',
  errModelFile: 'لا يمكن استخدام ملف النموذج: فهو ليس نموذج GGUF، أو مبتور أو تالف، أو بلا قالب محادثة.',
  errOutOfMemory: 'النموذج لا يتّسع في الذاكرة المتاحة لهذه الصفحة. اختر نموذجًا أصغر أو أشدّ تكميمًا.',
  errUnknownWorkflow: 'ليس لدى هذا المساعد سير عمل بهذا الاسم. اكتب ‎/workflow لعرض مسارات عمله.',
  errAttachmentTooLarge: 'أحد الملفات أكبر من المسموح: لم يُرسَل شيء.',
  errAttachmentsTooLarge: 'الملفات مجتمعةً أكبر مما تحمله رسالة واحدة: لم يُرسَل شيء.',
  errTooManyAttachments: 'ملفات كثيرة جدًا لرسالة واحدة: لم يُرسَل شيء.',
  errAttachmentType: 'لا يمكن إرفاق ملف من هذا النوع هنا: لم يُرسَل شيء.',
  errAttachmentUnreadable: 'تعذّرت قراءة أحد الملفات (صورة لا تُفتح، أو نص ليس بترميز UTF-8): لم يُرسَل شيء.',
  errThreadBusy: 'هذه المحادثة مفتوحة في علامة تبويب أخرى تكتبها. أغلقها هناك للمتابعة هنا.',
  errProtocol: 'أجاب الخادم، لكن ليس بالبروتوكول الذي يتحدث به المساعد معه.',
  errRemoteError: 'أبلغ الوكيل البعيد أن تشغيله فشل.',
  errNotUndoable: 'لا يمكن التراجع عن هذا: لم يكتمل بعد، أو تم التراجع عنه من قبل، أو أن أداته لا تدعم التراجع.',
  refusedCount: (name: string, max: string, count: number) => `لم يُرفَق «${name}»: لا تحمل الرسالة الواحدة أكثر من ${plural(count, { zero: `${max} ملف`, one: 'ملف واحد', two: 'ملفين', few: `${max} ملفات`, many: `${max} ملفًا`, other: `${max} ملف` })}.`,
  refusedType: (name: string, type: string) => `«${name}» من نوع ${type}، ولا يمكن إرفاقه هنا.`,
  refusedSize: (name: string, size: string, max: string) => `حجم «${name}» ‏${size}؛ والحد الأقصى للملف الواحد ${max} (كما اختير، قبل تصغير الصور).`,
  refusedTotal: (name: string, total: string, max: string) => `مع «${name}» سيبلغ حجم ملفات هذه الرسالة ${total}؛ والحد الأقصى للرسالة الواحدة ${max}.`,
  refusedText: (name: string) => `«${name}» ليس نصًا بترميز UTF-8، فلا يمكن إرساله ملفًا نصيًا.`,
  refusedImage: (name: string) => `تعذّرت قراءة «${name}» صورةً؛ جرّب PNG أو JPEG.`,
  noticeWebmcpUnavailable: 'WebMCP: لا يدعم هذا المتصفح WebMCP ‏(document.modelContext)، لذا لا تُشارَك أي أدوات مع وكلاء المتصفح ولا تؤخذ أدوات من الصفحة.',
  noticeWebmcpError: (message: string) => `خطأ في WebMCP: ${message}`,
  noticeWebmcpNotRegistered: (tool: string, error: string) => `خطأ في WebMCP: تعذّر تسجيل «${tool}»: ${error}`,
  noticeWebmcpNotOffered: (tool: string, error: string) => `خطأ في WebMCP: لا تُعرض الأداة «${tool}» على المساعد: ${error}`,
  noticeWebmcpNoListing: `خطأ في WebMCP: لا يستطيع WebMCP في هذا المتصفح سرد الأدوات الأخرى ولا تشغيلها (لا يوجد getTools() ولا executeTool())، لذا لا تُعرض أي أداة.`,
  noticeWebmcpListFailed: (error: string) => `خطأ في WebMCP: فشل getTools(): ${error}`,
  noticeWebmcpNoStart: (error: string) => `تعذّر تشغيل WebMCP: ${error}`,
  noticeNotKept: (count: number, names: string, reason: string) =>
    `${plural(count, { one: 'أُرسل الملف', two: 'أُرسل الملفان', few: 'أُرسلت الملفات', many: 'أُرسلت الملفات', other: 'أُرسلت الملفات' })} ${names} لكن لم ${plural(count, { one: 'يُحفظ', two: 'يُحفظا', other: 'تُحفظ' })} مع المحادثة (${reason}): بعد إعادة التحميل ${plural(count, { one: 'سيكون مفقودًا', two: 'سيكونان مفقودين', other: 'ستكون مفقودة' })}.`,
  noticeNotKeptFull: (count: number, names: string) =>
    `${plural(count, { one: 'أُرسل الملف', two: 'أُرسل الملفان', few: 'أُرسلت الملفات', many: 'أُرسلت الملفات', other: 'أُرسلت الملفات' })} ${names} لكن لم ${plural(count, { one: 'يُحفظ', two: 'يُحفظا', other: 'تُحفظ' })} مع المحادثة (مساحة تخزين المتصفح لهذا الموقع ممتلئة): بعد إعادة التحميل ${plural(count, { one: 'سيكون مفقودًا', two: 'سيكونان مفقودين', other: 'ستكون مفقودة' })}.`,
  noticeNoMcpServers: (command: string) => `لا توجد مطالبة MCP باسم ${command}: هذه المحادثة بلا خوادم MCP.`,
};
