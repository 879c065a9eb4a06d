/** Hindi: the log's own lines, the tab notice, A2UI's refused media, and the library's errors by code. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('hi');

export const notes = {
  noticeStopped: 'रोक दिया गया।',
  noticeInterrupted: 'बीच में रुका: यह जवाब लिखे जाते समय पेज बंद या फिर से लोड कर दिया गया।',
  noticeStepLimit: (max: string, count: number) => `${max} ${plural(count, { one: 'चरण', other: 'चरणों' })} के बाद रुका: काम पूरा होने से पहले चरणों की सीमा पूरी हो गई।`,
  noticeStepLimitUnknown: 'काम पूरा होने से पहले चरणों की सीमा पर रुका।',
  noticeSelfCheck: (n: string) => `चरण ${n} पर आत्म-जाँच`,
  noticeNudge: 'मॉडल को याद दिलाया गया कि जो उसने कहा था वह करे',
  logContextSizes: (before: string, after: string, window: string, count: number) => `${window} में से ${before} → ${count === 1 ? '1' : after} टोकन`,
  logContextFolded: (count: number, shown: string, sizes: string) =>
    `मॉडल के संदर्भ में समाने के लिए ${count === 1 ? '1 पिछला संदेश' : `${shown} पिछले संदेश`} एक सारांश में समेटे गए (${sizes})।`,
  logContextDropped: (count: number, shown: string, sizes: string) =>
    `मॉडल के संदर्भ में समाने के लिए ${count === 1 ? '1 पिछला संदेश' : `${shown} पिछले संदेश`} छोड़ दिए गए; सारांश नहीं बन सका (${sizes})।`,
  logContextCutMessage: (sizes: string) => `यह संदेश मॉडल के संदर्भ के लिए बहुत लंबा है: इसका बीच का हिस्सा नहीं भेजा गया (${sizes}); यहाँ पूरा संदेश रखा है।`,
  logContextCutResult: (before: string, after: string, count: number) => `एक लंबा टूल परिणाम मॉडल के संदर्भ में समाने के लिए छोटा किया गया (${before} → ${count === 1 ? '1' : after} टोकन); मॉडल आगे पढ़ सकता है।`,
  tabReadOnly: 'केवल पढ़ने के लिए: यह बातचीत किसी दूसरे टैब में खुली है।',
  tabNotice: 'यह बातचीत किसी दूसरे टैब में खुली है। यहाँ यह केवल पढ़ने के लिए है और उस टैब के साथ चलती है; वह टैब बंद होने पर यहीं आगे बढ़ेगी।',
  a2uiNotShownNotUrl: (url: string) => `नहीं दिखाया गया: ${url} कोई URL नहीं है।`,
  a2uiNotShownImage: (url: string) => `नहीं दिखाया गया: ${url} न http(s) URL है, न data:image/… URL।`,
  a2uiNotShownLink: (url: string) => `नहीं दिखाया गया: ${url} http(s) URL नहीं है।`,
  errAborted: 'पूरा होने से पहले रोक दिया गया।',
  errBadRequest: 'असिस्टेंट से ऐसा कुछ माँगा गया जो वह इस रूप में नहीं कर सकता: कोई सेटिंग या मान मान्य नहीं है।',
  errInvalidTool: 'इस पेज का एक टूल ठीक से परिभाषित नहीं है, इसलिए असिस्टेंट उसका उपयोग नहीं कर सकता।',
  errDisposed: 'इस पेज पर असिस्टेंट बंद कर दिया गया है। फिर से शुरू करने के लिए पेज दोबारा लोड करें।',
  errWorkerRestarted: 'रोक दिया गया: असिस्टेंट के वर्कर ने समय पर जवाब नहीं दिया, इसलिए उसे बंद करके नया शुरू किया गया।',
  errStorage: 'बातचीत ब्राउज़र में सहेजी नहीं जा सकी।',
  errStorageUnavailable: 'यहाँ ब्राउज़र का स्टोरेज इस्तेमाल नहीं हो सकता (निजी ब्राउज़िंग, या वह बंद है): यह बातचीत केवल मेमोरी में रखी जा रही है।',
  errStorageBlocked: 'कोई दूसरा टैब इस साइट का स्टोरेज किसी दूसरे संस्करण में खोले हुए है: यह बातचीत केवल मेमोरी में रखी जा रही है। दूसरे टैब को दोबारा लोड करें या बंद करें।',
  errToolsUnsupported: 'यह मॉडल या इसका सर्वर टूल स्वीकार नहीं करता। टूल कॉल के लिए बना मॉडल चुनें, या टूल के लिए टेक्स्ट प्रोटोकॉल।',
  errModelFile: 'मॉडल फ़ाइल का उपयोग नहीं हो सकता: यह GGUF मॉडल नहीं है, अधूरी या खराब है, या इसमें चैट टेम्पलेट नहीं है।',
  errOutOfMemory: 'मॉडल उस मेमोरी में नहीं समाता जो यह पेज इस्तेमाल कर सकता है। छोटा या ज़्यादा क्वांटाइज़ किया हुआ मॉडल चुनें।',
  errUnknownWorkflow: 'इस असिस्टेंट के पास इस नाम का कोई वर्कफ़्लो नहीं है। इसके वर्कफ़्लो देखने के लिए /workflow लिखें।',
  errAttachmentTooLarge: 'एक फ़ाइल अनुमत आकार से बड़ी है: कुछ भी नहीं भेजा गया।',
  errAttachmentsTooLarge: 'सभी फ़ाइलें मिलकर एक संदेश की सीमा से ज़्यादा हैं: कुछ भी नहीं भेजा गया।',
  errTooManyAttachments: 'एक संदेश के लिए बहुत ज़्यादा फ़ाइलें: कुछ भी नहीं भेजा गया।',
  errAttachmentType: 'इस प्रकार की फ़ाइल यहाँ संलग्न नहीं की जा सकती: कुछ भी नहीं भेजा गया।',
  errAttachmentUnreadable: 'एक फ़ाइल पढ़ी नहीं जा सकी (ऐसी इमेज जो खुलती नहीं, या ऐसा टेक्स्ट जो UTF-8 नहीं है): कुछ भी नहीं भेजा गया।',
  errThreadBusy: 'यह बातचीत किसी दूसरे टैब में खुली है, जो इसे लिख रहा है। यहाँ जारी रखने के लिए उसे वहाँ बंद करें।',
  errProtocol: 'सर्वर ने जवाब दिया, पर उस प्रोटोकॉल में नहीं जिसमें असिस्टेंट उससे बात करता है।',
  errRemoteError: 'रिमोट एजेंट ने बताया कि उसका रन विफल रहा।',
  errNotUndoable: 'इसे पूर्ववत नहीं किया जा सकता: यह पूरा नहीं हुआ है, पहले ही पूर्ववत हो चुका है, या इसके टूल में पूर्ववत करने की सुविधा नहीं है।',
  refusedCount: (name: string, max: string) => `“${name}” संलग्न नहीं हुई: एक संदेश में अधिकतम ${max} फ़ाइलें जा सकती हैं।`,
  refusedType: (name: string, type: string) => `“${name}” ${type} प्रकार की है, जिसे यहाँ संलग्न नहीं किया जा सकता।`,
  refusedSize: (name: string, size: string, max: string) => `“${name}” का आकार ${size} है; एक फ़ाइल अधिकतम ${max} की हो सकती है (चुनी गई फ़ाइल के हिसाब से, इमेज छोटी होने से पहले)।`,
  refusedTotal: (name: string, total: string, max: string) => `“${name}” के साथ इस संदेश की फ़ाइलें ${total} की हो जाएँगी; एक संदेश अधिकतम ${max} ले जा सकता है।`,
  refusedText: (name: string) => `“${name}” UTF-8 टेक्स्ट नहीं है, इसलिए इसे टेक्स्ट फ़ाइल के रूप में नहीं भेजा जा सकता।`,
  refusedImage: (name: string) => `“${name}” को इमेज के रूप में पढ़ा नहीं जा सका; PNG या JPEG आज़माएँ।`,
  noticeWebmcpUnavailable: 'WebMCP: इस ब्राउज़र में WebMCP (document.modelContext) नहीं है, इसलिए ब्राउज़र एजेंटों के साथ कोई टूल साझा नहीं होता और पेज से कोई टूल नहीं लिया जाता।',
  noticeWebmcpError: (message: string) => `WebMCP त्रुटि: ${message}`,
  noticeNotKept: (count: number, names: string, reason: string) =>
    `${names} ${count === 1 ? 'भेजी गई, पर बातचीत के साथ सहेजी नहीं गई' : 'भेजी गईं, पर बातचीत के साथ सहेजी नहीं गईं'} (${reason}): पेज दोबारा लोड करने पर ${count === 1 ? 'यह फ़ाइल' : 'ये फ़ाइलें'} नहीं मिलेंगी।`,
  noticeNotKeptFull: (count: number, names: string) =>
    `${names} ${count === 1 ? 'भेजी गई, पर बातचीत के साथ सहेजी नहीं गई' : 'भेजी गईं, पर बातचीत के साथ सहेजी नहीं गईं'} (इस साइट के लिए ब्राउज़र का स्टोरेज भर गया है): पेज दोबारा लोड करने पर ${count === 1 ? 'यह फ़ाइल' : 'ये फ़ाइलें'} नहीं मिलेंगी।`,
  noticeNoMcpServers: (command: string) => `कोई MCP प्रॉम्प्ट ${command} नहीं: इस चैट में कोई MCP सर्वर नहीं है।`,
};
