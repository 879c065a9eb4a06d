/** Polish: the plan, a sub-agent, the in-page model's progress, Undo, a call's preview, the too-long warning, A2UI and AG-UI cards, the long log. */
import { pluralOf } from '../../intl-formats.js';

const plural = pluralOf('pl');

/** `n` tokens, `shown` the number written, in the form for `n` (nominative: a size on its own). */
const tokensOf = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'token', few: 'tokeny', many: 'tokenów', other: 'tokena' })}`;
/** The same after a word that takes the genitive ("about"). */
const tokensGen = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'tokena', few: 'tokenów', many: 'tokenów', other: 'tokena' })}`;
/** `n` characters, `shown` the number written (nominative). */
const charsOf = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'znak', few: 'znaki', many: 'znaków', other: 'znaku' })}`;
/** The same after a word that takes the genitive ("to"). */
const charsGen = (n: number, shown: string): string => `${shown} ${plural(n, { one: 'znaku', few: 'znaków', many: 'znaków', other: 'znaku' })}`;

export const views = {
  planTitle: 'Plan',
  planCount: (done: string, total: string, count: number) => `ukończono ${count === 1 ? '1' : done} z ${total}`,
  planFailedCount: (count: string, n: number) => `${count} ${plural(n, { one: 'nieudane', few: 'nieudane', many: 'nieudanych', other: 'nieudanego' })}`,
  planBlockedCount: (count: string, n: number) => `${count} ${plural(n, { one: 'zablokowane', few: 'zablokowane', many: 'zablokowanych', other: 'zablokowanego' })}`,
  planTasks: 'Zadania',
  planPending: 'oczekuje',
  planInProgress: 'w toku',
  planDone: 'ukończone',
  planFailed: 'nieudane',
  planBlocked: 'zablokowane',
  planAfter: (titles: string) => `po: ${titles}`,
  subAgentTitle: 'Podagent',
  subAgentWorking: 'pracuje',
  subAgentStep: (n: string, max: string) => `krok ${n} z ${max}`,
  subAgentFinished: 'zakończył',
  subAgentCalls: (count: number, shown: string) =>
    plural(count, { one: '1 wywołanie narzędzia', few: `${shown} wywołania narzędzi`, many: `${shown} wywołań narzędzi`, other: `${shown} wywołania narzędzi` }),
  engineReadyNotKept: (reason: string) => `Model jest gotowy, ale nie został zachowany na następny raz: ${reason}`,
  engineDownloading: (percent: string, loaded: string, total: string) => `Pobieranie modelu… ${percent} (${loaded} z ${total} MB)`,
  engineDownloadingSize: (loaded: string) => `Pobieranie modelu… ${loaded} MB`,
  engineDownload: 'Pobieranie modelu',
  engineLoadingCache: 'Wczytywanie modelu z pamięci podręcznej…',
  engineLoading: 'Wczytywanie modelu…',
  engineFailed: (reason: string) => `Nie udało się wczytać modelu: ${reason}`,
  undone: 'Cofnięto',
  undoFailed: (reason: string) => `Nie udało się cofnąć: ${reason}`,
  undo: 'Cofnij',
  undoCall: (tool: string) => `Cofnij ${tool}`,
  undoAll: 'Cofnij wszystko',
  previewSteps: 'Co zostanie zrobione',
  previewPrivate: 'pole prywatne: wartości ukryte',
  previewEmpty: '(puste)',
  previewGone: 'Już nie ma tego na stronie: zatwierdzenie niczego nie uruchomi.',
  previewHidden: 'Obecnie ukryte na stronie.',
  previewFailed: (reason: string) => `Podgląd się nie powiódł: ${reason}`,
  tooLongText: (tokens: string, chars: string, window: string, tokenCount: number, charCount: number) =>
    `Ta wiadomość ma około ${tokensGen(tokenCount, tokens)} (${charsOf(charCount, chars)}); okno kontekstu modelu to ${window}. Wysłana w tej postaci dotrze do modelu tylko jej początek i koniec (cała wiadomość zostaje w rozmowie).`,
  tooLongWindow: (tokens: string, count: number) => `${tokensOf(count, tokens)}`,
  tooLongWindowAssumed: (tokens: string, count: number) => `${tokensOf(count, tokens)} (przyjęte: model tego nie podał)`,
  sendAnyway: 'Wyślij mimo to',
  trimToFit: (chars: string, count: number) => `Przytnij do ${charsGen(count, chars)}`,
  a2uiSurface: 'Powierzchnia',
  a2uiSurfaceOf: (ids: string) => `Powierzchnia ${ids}`,
  a2uiDrawing: 'Rysowanie…',
  a2uiNotSentElsewhere: (name: string) => `Nie wysłano: ${name} można wysłać tylko z karty, która zapisuje tę rozmowę.`,
  a2uiSentAtEnd: (name: string) => `${name} zostanie wysłane po zakończeniu odpowiedzi.`,
  a2uiSent: (name: string) => `Wysłano ${name}.`,
  a2uiNotSent: (name: string) => `Nie wysłano: nie udało się teraz wysłać ${name}; spróbuj ponownie.`,
  activityOf: (type: string) => `Aktywność: ${type}`,
  mcpChoose: (count: string) => `Wybierz ${count}.`,
  mcpChooseBetween: (min: string, max: string) => `Wybierz od ${min} do ${max}.`,
  mcpChooseAtLeast: (count: string) => `Wybierz co najmniej ${count}.`,
  mcpChooseAtMost: (count: string) => `Wybierz najwyżej ${count}.`,
  showEarlier: (count: string, hidden: string, n: number, hiddenN: number) => `Pokaż ${count} ${plural(n, { one: 'wcześniejszy element', few: 'wcześniejsze elementy', many: 'wcześniejszych elementów', other: 'wcześniejszego elementu' })} (${hidden} ${plural(hiddenN, { one: 'ukryty', few: 'ukryte', many: 'ukrytych', other: 'ukrytego' })})`,
  // the library's errors by code (components/conversation/error-words.ts), and the banner's raw detail
  errorDetails: "Szczegóły",
  errHttp: (status: string) => `Serwer modelu odpowiedział błędem (HTTP ${status}).`,
  errNetwork: "Nie można połączyć się z serwerem modelu. Sprawdź połączenie i adres.",
  errTimeout: (seconds: string) => `Serwer modelu nie odpowiedział w ciągu ${seconds} s.`,
  errStream: "Odpowiedź urwała się w połowie: połączenie z serwerem modelu zostało przerwane.",
  errEmptyResponse: "Model wysłał pustą odpowiedź.",
  errContextOverflow: "Rozmowa nie mieści się już w oknie kontekstu modelu.",
  errBusy: "Odpowiedź już trwa: poczekaj, aż się skończy, albo ją zatrzymaj.",
  errWorkerCrashed: "Worker asystenta nieoczekiwanie się zatrzymał. Odśwież stronę, aby zacząć od nowa.",
  errStorageQuota: "Pamięć przeglądarki jest pełna: ta rozmowa jest trzymana tylko w pamięci operacyjnej.",
  errRefused: "Odrzucone przez regułę bezpieczeństwa (adres spoza listy dozwolonych).",
  errVisionUnsupported: "Ten model nie odczytuje obrazów. Wyślij wiadomość bez obrazu albo wybierz model obsługujący obrazy.",
  errInternal: "Coś poszło nie tak w asystencie.",
};
