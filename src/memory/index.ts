export { MemoryEngine } from './memory-engine.js';
export { OfflineEmbedder, embedOffline } from './offline-embedder.js';
export { EndpointEmbedder } from './endpoint-embedder.js';

export type { Memory, MemoryOptions, MemoryItem, MemoryHit, MemoryFilter, MemorySearchOptions, EmbedderEndpoint } from '../memory-types.js';
export type { MemoryEngineOptions, MemoryStats } from './memory-engine.js';
export type { Embedder } from './offline-embedder.js';
