/**
 * The in-page engine's defaults that code outside the engine must agree on:
 * the agent's context budget has to use the window llama.cpp was loaded
 * with, or a long conversation overflows it instead of being folded.
 */

/** The engine's context window when `EngineOptions.contextSize` is not set. */
export const DEFAULT_ENGINE_CONTEXT = 4096;
