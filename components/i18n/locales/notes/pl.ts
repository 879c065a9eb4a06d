/** Polish: the log's own lines, the tab notice, A2UI's refused media, and the library's errors by code. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('pl');

/** The word for `n` tokens, in its form for `n`. */
const tokens = (n: number): string => plural(n, { one: 'token', few: 'tokeny', many: 'tokenów', other: 'tokena' });

export const notes = {
  noticeStopped: 'Zatrzymano.',
  noticeInterrupted: 'Przerwano: strona została zamknięta lub przeładowana w trakcie tej odpowiedzi.',
  noticeStepLimit: (max: string, count: number) => `Zatrzymano po ${max} ${plural(count, { one: 'kroku', few: 'krokach', many: 'krokach', other: 'kroku' })}: osiągnięto limit kroków, zanim zadanie zostało ukończone.`,
  noticeStepLimitUnknown: 'Zatrzymano na limicie kroków, zanim zadanie zostało ukończone.',
  noticeSelfCheck: (n: string) => `Samokontrola w kroku ${n}`,
  noticeNudge: 'Przypomniano modelowi, by zrobił to, co zapowiedział',
  logContextSizes: (before: string, after: string, window: string, count: number) => `${before} → ${after} ${tokens(count)} z ${window}`,
  logContextFolded: (count: number, shown: string, sizes: string) =>
    `${plural(count, { one: 'Streszczono 1 wcześniejszą wiadomość', few: `Streszczono ${shown} wcześniejsze wiadomości`, many: `Streszczono ${shown} wcześniejszych wiadomości`, other: `Streszczono ${shown} wcześniejszej wiadomości` })}, aby zmieścić się w kontekście modelu (${sizes}).`,
  logContextDropped: (count: number, shown: string, sizes: string) =>
    `${plural(count, { one: 'Pominięto 1 wcześniejszą wiadomość', few: `Pominięto ${shown} wcześniejsze wiadomości`, many: `Pominięto ${shown} wcześniejszych wiadomości`, other: `Pominięto ${shown} wcześniejszej wiadomości` })}, aby zmieścić się w kontekście modelu; nie udało się przygotować streszczenia (${sizes}).`,
  logContextCutMessage: (sizes: string) => `Ta wiadomość jest za długa na kontekst modelu: jej środek nie został wysłany (${sizes}); tutaj zostaje w całości.`,
  logContextCutResult: (before: string, after: string, count: number) => `Długi wynik narzędzia został przycięty, by zmieścić się w kontekście modelu (${before} → ${after} ${tokens(count)}); model może czytać dalej.`,
  tabReadOnly: 'Tylko do odczytu: ta rozmowa jest otwarta w innej karcie.',
  tabNotice: 'Ta rozmowa jest otwarta w innej karcie. Tutaj jest tylko do odczytu i podąża za tamtą kartą; będzie kontynuowana tutaj, gdy tamta karta zostanie zamknięta.',
  a2uiNotShownNotUrl: (url: string) => `Nie pokazano: ${url} nie jest adresem URL.`,
  a2uiNotShownImage: (url: string) => `Nie pokazano: ${url} nie jest adresem http(s) ani data:image/….`,
  a2uiNotShownLink: (url: string) => `Nie pokazano: ${url} nie jest adresem http(s).`,
  errAborted: 'Zatrzymano przed ukończeniem.',
  errBadRequest: 'Asystent dostał prośbę, której nie może tak wykonać: jakieś ustawienie lub wartość jest nieprawidłowa.',
  errInvalidTool: 'Narzędzie tej strony jest źle zdefiniowane, więc asystent nie może go użyć.',
  errDisposed: 'Asystent został wyłączony na tej stronie. Przeładuj stronę, aby zacząć od nowa.',
  errWorkerRestarted: 'Zatrzymano: worker asystenta nie odpowiedział na czas, więc został zakończony i uruchomiono nowy.',
  errStorage: 'Nie udało się zapisać rozmowy w przeglądarce.',
  errStorageUnavailable: 'Pamięci przeglądarki nie można tu użyć (tryb prywatny albo jest wyłączona): ta rozmowa jest trzymana tylko w pamięci roboczej.',
  errStorageBlocked: 'Inna karta trzyma pamięć tej witryny otwartą w innej wersji: ta rozmowa jest trzymana tylko w pamięci roboczej. Przeładuj lub zamknij tamtą kartę.',
  errToolsUnsupported: 'Ten model lub jego serwer nie przyjmuje narzędzi. Wybierz model stworzony do wywołań narzędzi albo tekstowy protokół narzędzi.',
  errModelFile: 'Pliku modelu nie można użyć: nie jest modelem GGUF, jest ucięty lub uszkodzony albo nie ma szablonu czatu.',
  errOutOfMemory: 'Model nie mieści się w pamięci, z której może korzystać ta strona. Wybierz mniejszy model lub mocniejszą kwantyzację.',
  errUnknownWorkflow: 'Ten asystent nie ma przepływu pracy o tej nazwie. Wpisz /workflow, aby zobaczyć jego przepływy.',
  errAttachmentTooLarge: 'Plik jest większy, niż wolno: nic nie zostało wysłane.',
  errAttachmentsTooLarge: 'Pliki razem przekraczają to, co może zabrać jedna wiadomość: nic nie zostało wysłane.',
  errTooManyAttachments: 'Za dużo plików na jedną wiadomość: nic nie zostało wysłane.',
  errAttachmentType: 'Plików tego typu nie można tu załączyć: nic nie zostało wysłane.',
  errAttachmentUnreadable: 'Nie udało się odczytać pliku (obraz, który się nie otwiera, albo tekst spoza UTF-8): nic nie zostało wysłane.',
  errThreadBusy: 'Ta rozmowa jest otwarta w innej karcie, która ją zapisuje. Zamknij ją tam, aby kontynuować tutaj.',
  errProtocol: 'Serwer odpowiedział, ale nie w protokole, którym asystent z nim rozmawia.',
  errRemoteError: 'Zdalny agent zgłosił, że jego przebieg się nie powiódł.',
  errNotUndoable: 'Tego nie da się cofnąć: nie jest ukończone, zostało już cofnięte albo jego narzędzie nie umie cofać.',
  refusedCount: (name: string, max: string, count: number) => `Nie załączono „${name}”: jedna wiadomość zabiera najwyżej ${max} ${plural(count, { one: 'plik', few: 'pliki', many: 'plików', other: 'pliku' })}.`,
  refusedType: (name: string, type: string) => `„${name}” ma typ ${type}, którego nie można tu załączyć.`,
  refusedSize: (name: string, size: string, max: string) => `„${name}” ma ${size}; plik może mieć najwyżej ${max} (w wybranej postaci, przed pomniejszeniem obrazów).`,
  refusedTotal: (name: string, total: string, max: string) => `Z „${name}” pliki tej wiadomości zajęłyby ${total}; wiadomość może zabrać najwyżej ${max}.`,
  refusedText: (name: string) => `„${name}” nie jest tekstem UTF-8, więc nie można go wysłać jako pliku tekstowego.`,
  refusedImage: (name: string) => `Nie udało się odczytać „${name}” jako obrazu; spróbuj PNG lub JPEG.`,
  noticeWebmcpUnavailable: 'WebMCP: ta przeglądarka nie ma WebMCP (document.modelContext), więc żadne narzędzia nie są udostępniane agentom przeglądarki ani pobierane ze strony.',
  noticeWebmcpError: (message: string) => `Błąd WebMCP: ${message}`,
  noticeWebmcpNotRegistered: (tool: string, error: string) => `Błąd WebMCP: nie udało się zarejestrować „${tool}”: ${error}`,
  noticeWebmcpNotOffered: (tool: string, error: string) => `Błąd WebMCP: narzędzie „${tool}” nie jest udostępniane asystentowi: ${error}`,
  noticeWebmcpNoListing: `Błąd WebMCP: WebMCP tej przeglądarki nie potrafi wyświetlić listy ani uruchomić innych narzędzi (brak getTools() i executeTool()), więc żadne nie jest udostępniane.`,
  noticeWebmcpListFailed: (error: string) => `Błąd WebMCP: getTools() nie powiodło się: ${error}`,
  noticeWebmcpNoStart: (error: string) => `Nie udało się uruchomić WebMCP: ${error}`,
  noticeNotKept: (count: number, names: string, reason: string) =>
    `${plural(count, { one: `Plik ${names} został wysłany, ale nie zapisany`, other: `Pliki ${names} zostały wysłane, ale nie zapisane` })} w rozmowie (${reason}): po przeładowaniu ${plural(count, { one: 'go zabraknie', other: 'ich zabraknie' })}.`,
  noticeNotKeptFull: (count: number, names: string) =>
    `${plural(count, { one: `Plik ${names} został wysłany, ale nie zapisany`, other: `Pliki ${names} zostały wysłane, ale nie zapisane` })} w rozmowie (pamięć przeglądarki dla tej witryny jest pełna): po przeładowaniu ${plural(count, { one: 'go zabraknie', other: 'ich zabraknie' })}.`,
  noticeNoMcpServers: (command: string) => `Brak promptu MCP ${command}: ten czat nie ma serwerów MCP.`,
};
