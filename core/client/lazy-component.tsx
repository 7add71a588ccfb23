import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A contributed component (a header action, a wizard form, a settings section…) exported by name from a module that
 * loads the first time it renders, in a chunk of its own: the console's first page carries none of its code. It waits
 * under a Suspense boundary of its own (showing `fallback`, nothing by default), so whoever renders it needs none.
 * `component: lazyComponent(() => import('./form'), 'ChirpstackForm')` instead of importing the form.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a component's props are its own; the key keeps its type
export function lazyComponent<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = null,
): M[K] {
  const Component = lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
  function LazyComponent(props: object) {
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }
  LazyComponent.displayName = `Lazy(${String(name)})`;
  return LazyComponent as unknown as M[K];
}
