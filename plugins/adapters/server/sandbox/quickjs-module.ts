import { newQuickJSWASMModule, type QuickJSWASMModule } from 'quickjs-emscripten';

let module: Promise<QuickJSWASMModule> | null = null;

/**
 * The QuickJS WebAssembly module (release build, synchronous), loaded once per process: a runtime made from it is a
 * separate heap with its own limits, so one module serves every script.
 */
export function quickJs(): Promise<QuickJSWASMModule> {
  module ??= newQuickJSWASMModule();
  return module;
}
