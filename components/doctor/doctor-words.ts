/**
 * The doctor's words in English (its checklist's frame, each check's name by
 * its stable id, the statuses and the summary line): the ids every catalog
 * translates (components/i18n/words.ts). In the doctor's chunk, loaded with
 * `/doctor`: a page that never asks the doctor carries none of them. What a
 * check found and its fix are said from the lines the library wrote them
 * from (`DiagnosisCheck.said`, the ids of src/diagnosis-lines.ts).
 */
export const doctorWords = {
  doctor: 'Doctor',
  doctorChecking: 'Checking the connection…',
  doctorCancel: 'Cancel',
  doctorCancelled: 'Cancelled.',
  doctorFailed: (reason: string) => `The doctor could not run: ${reason}`,
  doctorOf: (summary: string) => `Doctor: ${summary}`,
  doctorTargetEndpoint: 'Endpoint',
  doctorTargetEngine: 'In-page model',
  doctorTargetModule: 'Model module',
  doctorSeconds: (seconds: string) => `${seconds} s`,
  doctorFix: 'Fix:',
  doctorPass: 'OK',
  doctorWarn: 'Warning',
  doctorFail: 'Failed',
  doctorSkip: 'Skipped',
  /** Between the counts of failures and warnings: ", " (en), "、" (ja). */
  doctorSeparator: ', ',
  doctorFailedCount: (count: number) => `${count} failed`,
  doctorWarningCount: (count: number) => (count === 1 ? '1 warning' : `${count} warnings`),
  doctorAllPassed: (count: number) => (count === 1 ? 'The one check passed' : `All ${count} checks passed`),
  doctorNothingChecked: 'Nothing was checked',
  doctorSkippedCount: (count: number) => `(${count} skipped)`,
  checkReachable: 'Reachable',
  checkCors: 'CORS',
  checkServer: 'Server',
  checkModels: 'Model',
  checkContext: 'Context window',
  checkTools: 'Tool calls',
  checkStream: 'Stream',
  checkFirstToken: 'First token',
  checkVision: 'Vision',
  checkWorker: 'Worker and WebAssembly',
  checkThreads: 'Threads',
  checkIsolation: 'Cross-origin isolation',
  checkWebgpu: 'WebGPU',
  checkCache: 'Model cache',
  checkModelModule: 'Model module',
};

/** The doctor's words, as the element's language writes them. */
export type DoctorWords = typeof doctorWords;

/** A check's name by its stable id (`DiagnosisCheck.id`); a check this table does not know keeps the library's label. */
export const CHECK_WORDS: { readonly [id: string]: keyof DoctorWords } = {
  reachable: 'checkReachable',
  cors: 'checkCors',
  server: 'checkServer',
  models: 'checkModels',
  context: 'checkContext',
  tools: 'checkTools',
  stream: 'checkStream',
  'first-token': 'checkFirstToken',
  vision: 'checkVision',
  worker: 'checkWorker',
  threads: 'checkThreads',
  isolation: 'checkIsolation',
  webgpu: 'checkWebgpu',
  cache: 'checkCache',
  'model-module': 'checkModelModule',
};
