// The lifecycle every editor test shares: the form's window.alert messages go to a stub the test can read, and no debounced draft save or
// image waiting to upload is left behind for the next test.
import { cancelPendingDraftSaves } from '../../../../src/client/features/admin/draft/draftPersister';
import { clearPendingImages } from '../../../../src/client/features/admin/images/pendingImages';

/** Registers the hooks; returns the running test's window.alert stub. */
export function withEditorLifecycle(): () => jest.SpyInstance {
  let alertSpy: jest.SpyInstance | undefined;
  beforeEach(() => {
    alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    alertSpy?.mockRestore();
    cancelPendingDraftSaves();
    clearPendingImages();
  });
  return () => {
    if (alertSpy === undefined) throw new Error('withEditorLifecycle: the alert stub exists only inside a test');
    return alertSpy;
  };
}
