import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import { SCRIPT_API_DECLARATION } from '../../common/script-api';

let configured = false;

/**
 * Monaco from the console's own bundle, never a CDN: @monaco-editor/react is given the local package, and the workers
 * are Vite worker imports (without getWorker the editor's worker silently fails). Imported by the editor page only,
 * which its route loads on first visit, so none of Monaco is in the login bundle. The page calls it before its first
 * editor mounts (once; later calls only answer Monaco): done on import instead, a build that treats our modules as free
 * of side effects could leave it out, and the editor would load Monaco from its CDN default.
 */
export function configureMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  self.MonacoEnvironment = {
    getWorker(_workerId: string, label: string) {
      return label === 'typescript' || label === 'javascript' ? new TsWorker() : new EditorWorker();
    },
  };
  loader.config({ monaco });
  // The script API (helpers with their JSDoc, decode's input and output types) for completion and hover help.
  monaco.typescript.javascriptDefaults.setCompilerOptions({
    target: monaco.typescript.ScriptTarget.ES2020,
    allowNonTsExtensions: true,
    noLib: false,
    lib: ['es2020'],
  });
  monaco.typescript.javascriptDefaults.addExtraLib(SCRIPT_API_DECLARATION, 'ts:sensorium/adapter-api.d.ts');
  return monaco;
}
