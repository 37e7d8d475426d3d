// The client tests' jsdom (jest-fixed-jsdom), without one cost of jsdom's: finding the control of a <label for>.
//
// jsdom answers `label.control` for <label for="id"> by walking the whole document for the id, and `input.labels` by
// asking every node of the document for its control. Testing Library asks every form control for its labels on each
// getByLabelText, and for an accessible name on each getByRole, so on the editor's form (hundreds of fields, each with
// its label) one query walked the document thousands of times: most of the client suite's time went there. Here such
// a label finds its element in the document's own index of ids (the one getElementById reads), which gives the same
// element as the walk when exactly one element of the label's document has that id; with none or several (where the
// index's order and tree order may differ) jsdom's own walk answers, as before.
import type JSDOMEnvironment from 'jest-environment-jsdom';

/** jest-fixed-jsdom ships no types: it is jest-environment-jsdom with Node's fetch, streams and URL put back. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const FixedJSDOMEnvironment = require('jest-fixed-jsdom') as typeof JSDOMEnvironment;

/** What is used here of jsdom's implementation objects (its internals, not the DOM the tests see). */
type NodeImpl = { getAttributeNS(namespace: null, name: string): string | null; getRootNode(options: object): unknown };
type RootImpl = { _ids?: Record<string, NodeImpl[] | undefined> };

let patched = false;

/**
 * Replaces jsdom's `control` of a label with the index lookup above. jsdom's implementation modules require one
 * another, so they are read once a window exists; if a jsdom release moves or renames them, nothing is replaced.
 */
function findLabelControlsById(): void {
  if (patched) return;
  patched = true;
  let label: { prototype: object } | undefined;
  let isLabelable: ((node: NodeImpl) => boolean) | undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    label = (require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as { implementation?: typeof label })
      .implementation;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    isLabelable = (require('jsdom/lib/jsdom/living/helpers/form-controls.js') as { isLabelable?: typeof isLabelable })
      .isLabelable;
  } catch {
    return;
  }
  const descriptor = label && Object.getOwnPropertyDescriptor(label.prototype, 'control');
  const walk = descriptor?.get;
  if (!label || !walk || typeof isLabelable !== 'function') return;
  const labelable = isLabelable;
  Object.defineProperty(label.prototype, 'control', {
    ...descriptor,
    get(this: NodeImpl) {
      const id = this.getAttributeNS(null, 'for');
      if (id) {
        const root = this.getRootNode({}) as RootImpl;
        const found = root._ids?.[id]?.filter((element) => element.getRootNode({}) === root);
        if (found?.length === 1) return labelable(found[0]!) ? found[0] : null;
      }
      return walk.call(this);
    },
  });
}

export default class ClientEnvironment extends FixedJSDOMEnvironment {
  constructor(...args: ConstructorParameters<typeof JSDOMEnvironment>) {
    super(...args);
    findLabelControlsById();
  }
}
