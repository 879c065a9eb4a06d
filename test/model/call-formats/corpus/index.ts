/** The whole outside corpus, every source's cases. */
import type { CorpusCase } from './corpus.js';
import { LLAMA_CPP_A } from './llama-cpp.js';
import { LLAMA_CPP_B } from './llama-cpp-b.js';
import { OLLAMA } from './ollama.js';
import { VLLM } from './vllm.js';

export const CORPUS: readonly CorpusCase[] = [...LLAMA_CPP_A, ...LLAMA_CPP_B, ...VLLM, ...OLLAMA];
