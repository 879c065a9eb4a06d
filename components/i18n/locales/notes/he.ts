/** Hebrew: the log's own lines, the tab notice, A2UI's refused media, and the library's errors by code. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('he');

export const notes = {
  noticeStopped: 'נעצר.',
  noticeInterrupted: 'נקטע: הדף נסגר או נטען מחדש בזמן שהתשובה הזו נכתבה.',
  noticeStepLimit: (max: string, count: number) => `נעצר ${plural(count, { one: 'אחרי צעד אחד', two: 'אחרי שני צעדים', other: `אחרי ${max} צעדים` })}: הגיע למגבלת הצעדים לפני שהמשימה הושלמה.`,
  noticeStepLimitUnknown: 'נעצר במגבלת הצעדים לפני שהמשימה הושלמה.',
  noticeSelfCheck: (n: string) => `בדיקה עצמית בצעד ${n}`,
  noticeNudge: 'המודל קיבל תזכורת לעשות את מה שהודיע עליו',
  logContextSizes: (before: string, after: string, window: string, count: number) => `${before} → ${after} ${plural(count, { one: 'טוקן', other: 'טוקנים' })} מתוך ${window}`,
  logContextFolded: (count: number, shown: string, sizes: string) =>
    `${count === 1 ? 'הודעה קודמת אחת קופלה' : `${shown} הודעות קודמות קופלו`} לסיכום כדי להיכנס להקשר של המודל (${sizes}).`,
  logContextDropped: (count: number, shown: string, sizes: string) =>
    `${count === 1 ? 'הודעה קודמת אחת הושמטה' : `${shown} הודעות קודמות הושמטו`} כדי להיכנס להקשר של המודל; לא ניתן היה להכין סיכום (${sizes}).`,
  logContextCutMessage: (sizes: string) => `ההודעה הזו ארוכה מדי להקשר של המודל: האמצע שלה לא נשלח (${sizes}); כאן היא נשמרת במלואה.`,
  logContextCutResult: (before: string, after: string, count: number) => `תוצאה ארוכה של כלי קוצרה כדי להיכנס להקשר של המודל (${before} → ${after} ${plural(count, { one: 'טוקן', other: 'טוקנים' })}); המודל יכול להמשיך לקרוא.`,
  tabReadOnly: 'לקריאה בלבד: השיחה הזו פתוחה בכרטיסייה אחרת.',
  tabNotice: 'השיחה הזו פתוחה בכרטיסייה אחרת. כאן היא לקריאה בלבד ועוקבת אחרי הכרטיסייה ההיא; היא תמשיך כאן כשהכרטיסייה ההיא תיסגר.',
  a2uiNotShownNotUrl: (url: string) => `לא מוצג: ${url} אינו כתובת URL.`,
  a2uiNotShownImage: (url: string) => `לא מוצג: ${url} אינו כתובת http(s) וגם לא כתובת data:image/….`,
  a2uiNotShownLink: (url: string) => `לא מוצג: ${url} אינו כתובת http(s).`,
  errAborted: 'נעצר לפני שהסתיים.',
  errBadRequest: 'העוזר התבקש לעשות משהו שאינו יכול לעשות כך: הגדרה או ערך אינם תקינים.',
  errInvalidTool: 'כלי של הדף הזה לא הוגדר כראוי, ולכן העוזר לא יכול להשתמש בו.',
  errDisposed: 'העוזר נסגר בדף הזה. טענו את הדף מחדש כדי להתחיל שוב.',
  errWorkerRestarted: 'נעצר: ה-worker של העוזר לא הגיב בזמן, ולכן הופסק והופעל worker חדש.',
  errStorage: 'לא ניתן היה לשמור את השיחה בדפדפן.',
  errStorageUnavailable: 'אי אפשר להשתמש כאן באחסון של הדפדפן (גלישה פרטית, או שהוא כבוי): השיחה נשמרת בזיכרון בלבד.',
  errStorageBlocked: 'כרטיסייה אחרת מחזיקה את האחסון של האתר פתוח בגרסה אחרת: השיחה נשמרת בזיכרון בלבד. טענו מחדש או סגרו את הכרטיסייה האחרת.',
  errToolsUnsupported: 'המודל הזה או השרת שלו לא מקבלים כלים. בחרו מודל שנבנה לקריאות כלים, או את פרוטוקול הטקסט לכלים.',
  errModelFile: 'אי אפשר להשתמש בקובץ המודל: הוא אינו מודל GGUF, הוא קטוע או פגום, או שאין לו תבנית צ׳אט.',
  errOutOfMemory: 'המודל לא נכנס לזיכרון שהדף הזה יכול להשתמש בו. בחרו מודל קטן יותר או קוונטיזציה חזקה יותר.',
  errUnknownWorkflow: 'לעוזר הזה אין תהליך עבודה בשם הזה. הקלידו ‎/workflow כדי לראות את תהליכי העבודה שלו.',
  errAttachmentTooLarge: 'אחד הקבצים גדול מהמותר: שום דבר לא נשלח.',
  errAttachmentsTooLarge: 'הקבצים יחד גדולים ממה שהודעה אחת יכולה לשאת: שום דבר לא נשלח.',
  errTooManyAttachments: 'יותר מדי קבצים להודעה אחת: שום דבר לא נשלח.',
  errAttachmentType: 'אי אפשר לצרף כאן קובץ מהסוג הזה: שום דבר לא נשלח.',
  errAttachmentUnreadable: 'לא ניתן היה לקרוא אחד הקבצים (תמונה שלא נפתחת, או טקסט שאינו UTF-8): שום דבר לא נשלח.',
  errThreadBusy: 'השיחה הזו פתוחה בכרטיסייה אחרת, שכותבת אותה. סגרו אותה שם כדי להמשיך כאן.',
  errProtocol: 'השרת ענה, אבל לא בפרוטוקול שהעוזר מדבר איתו.',
  errRemoteError: 'הסוכן המרוחק דיווח שהריצה שלו נכשלה.',
  errNotUndoable: 'אי אפשר לבטל את זה: זה עוד לא הסתיים, זה כבר בוטל, או שהכלי שלו לא תומך בביטול.',
  refusedCount: (name: string, max: string) => `”${name}“ לא צורף: הודעה אחת נושאת לכל היותר ${max} קבצים.`,
  refusedType: (name: string, type: string) => `”${name}“ מסוג ${type}, שאי אפשר לצרף כאן.`,
  refusedSize: (name: string, size: string, max: string) => `הגודל של ”${name}“ הוא ${size}; קובץ יכול להיות לכל היותר ${max} (כפי שנבחר, לפני הקטנת תמונות).`,
  refusedTotal: (name: string, total: string, max: string) => `עם ”${name}“ הקבצים של ההודעה יגיעו ל-${total}; הודעה אחת יכולה לשאת לכל היותר ${max}.`,
  refusedText: (name: string) => `”${name}“ אינו טקסט UTF-8, ולכן אי אפשר לשלוח אותו כקובץ טקסט.`,
  refusedImage: (name: string) => `לא ניתן היה לקרוא את ”${name}“ כתמונה; נסו PNG או JPEG.`,
  noticeWebmcpUnavailable: 'WebMCP: בדפדפן הזה אין WebMCP ‏(document.modelContext), ולכן לא משותפים כלים עם סוכני דפדפן ולא נלקחים כלים מהדף.',
  noticeWebmcpError: (message: string) => `שגיאת WebMCP: ${message}`,
  noticeNotKept: (count: number, names: string, reason: string) =>
    `${names} ${count === 1 ? 'נשלח אך לא נשמר' : 'נשלחו אך לא נשמרו'} עם השיחה (${reason}): אחרי טעינה מחדש ${count === 1 ? 'הוא יחסר' : 'הם יחסרו'}.`,
  noticeNotKeptFull: (count: number, names: string) =>
    `${names} ${count === 1 ? 'נשלח אך לא נשמר' : 'נשלחו אך לא נשמרו'} עם השיחה (האחסון של הדפדפן לאתר הזה מלא): אחרי טעינה מחדש ${count === 1 ? 'הוא יחסר' : 'הם יחסרו'}.`,
  noticeNoMcpServers: (command: string) => `אין הנחיית MCP ‏${command}: לצ׳אט הזה אין שרתי MCP.`,
};
