/**
 * The in-page engine's progress line in English (engine-progress.ts, a chunk
 * of its own, carries it): the ids every catalog translates
 * (components/i18n/words.ts). Sizes and shares come formatted in the
 * element's language.
 */
export const engineWords = {
  engineReadyNotKept: (reason: string) => `The model is ready, but it was not kept for next time: ${reason}`,
  engineDownloading: (percent: string, loaded: string, total: string) => `Downloading the model… ${percent} (${loaded} of ${total} MB)`,
  engineDownloadingSize: (loaded: string) => `Downloading the model… ${loaded} MB`,
  engineDownload: 'Model download',
  engineLoadingCache: 'Loading the model from the cache…',
  engineLoading: 'Loading the model…',
  engineFailed: (reason: string) => `The model could not be loaded: ${reason}`,
};

export type EngineWords = typeof engineWords;
