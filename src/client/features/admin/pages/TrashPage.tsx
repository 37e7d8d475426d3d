// /admin/trash ("Trash"): the deleted posts with when they were deleted, each with "Restore" and "Delete forever"
// (asked first). A post stays 30 days in the trash, then the server removes it for good by itself.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { RotateCcw, Trash2 } from 'lucide-react';
import type { TrashedSummary } from '../../../../contract/types';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { apiErrorMessage } from '../api/apiErrors';
import { TOKEN_REJECTED_TEXT } from '../api/adminApi';
import { revisionsTrashApi } from '../api/revisionsTrashApi';
import type { TrashArg } from '../api/revisionsTrashApi';
import { selectAccessToken } from '../draft/editorSlice';
import fieldStyles from '../form/fields.module.scss';
import pageStyles from './page.module.scss';
import { ConfirmInRow } from '../components/ConfirmInRow';
import {
  AccessForm,
  ActionsCell,
  AdminTable,
  AllPostsLink,
  NoticeLine,
  ReadStatus,
  revisionTime,
  RowButton,
  useNotice,
} from '../components/pageParts';

const failureText = (error: unknown) => apiErrorMessage(error, { 401: TOKEN_REJECTED_TEXT });

export function TrashPage() {
  useDocumentTitle('Trash');
  const token = useAppSelector(selectAccessToken);
  // Shown at once: the session reads it; each Show trash is a fresh request with the token typed then, if any.
  const [shown, setShown] = useState<TrashArg>(() => ({ token, load: 0 }));
  const [confirming, setConfirming] = useState<number | null>(null);
  // Rows restored or deleted since the list loaded (the list is not fetched again for each, as on /admin/posts).
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const { notice, setNotice, noticeRef } = useNotice();
  const restore = useMutationRunner(revisionsTrashApi.endpoints.restoreFromTrash);
  const deleteForever = useMutationRunner(revisionsTrashApi.endpoints.deleteForever);
  const trash = useEndpointQuery(revisionsTrashApi.endpoints.getTrash, shown);

  function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setConfirming(null);
    setRemoved(new Set());
    setShown({ token, load: shown.load + 1 });
  }

  async function act(post: TrashedSummary, action: 'restore' | 'delete') {
    setConfirming(null);
    try {
      if (action === 'restore') await restore({ id: String(post.id), token: shown.token });
      else await deleteForever({ id: String(post.id), token: shown.token });
      setNotice({
        text: action === 'restore' ? `Restored “${post.title}”.` : `Deleted “${post.title}” forever.`,
        failed: false,
      });
      setRemoved((previous) => new Set(previous).add(post.id));
    } catch (error) {
      const what = action === 'restore' ? 'restored' : 'deleted';
      setNotice({ text: `“${post.title}” was not ${what}. ${failureText(error)}`, failed: true });
    }
    noticeRef.current?.focus();
  }

  const loading = trash.isLoading;
  const failed = !loading && trash.isError;
  const posts = !loading && !failed ? trash.data?.filter((post) => !removed.has(post.id)) : undefined;

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Trash</h1>
        <div className={pageStyles.headerActions}>
          <AllPostsLink />
        </div>
      </div>
      <p className={pageStyles.intro}>Deleted posts stay here for 30 days, then they are removed for good.</p>
      <AccessForm submitLabel="Show trash" onSubmit={submit} />
      <NoticeLine notice={notice} noticeRef={noticeRef} />
      <ReadStatus
        loading={loading}
        loadingText="Loading the trash..."
        failure={failed ? failureText(trash.error) : undefined}
      />
      {posts !== undefined &&
        (posts.length === 0 ? (
          <p className={fieldStyles.hint}>The trash is empty.</p>
        ) : (
          <AdminTable
            caption="Posts in the trash"
            columns={['Title', 'Deleted']}
            actions
            rows={posts}
            rowHeader={(post) => post.title}
          >
            {(post) => (
              <>
                <td>{revisionTime(post.deletedAt)}</td>
                <ActionsCell
                  confirm={
                    confirming === post.id && (
                      <ConfirmInRow
                        label={`Delete “${post.title}” forever?`}
                        question={`Delete “${post.title}” forever? This cannot be undone.`}
                        answer={
                          <>
                            <Trash2 size={16} aria-hidden="true" />
                            Delete forever
                          </>
                        }
                        onConfirm={() => void act(post, 'delete')}
                        onCancel={() => setConfirming(null)}
                      />
                    )
                  }
                >
                  <RowButton
                    icon={<RotateCcw size={16} aria-hidden="true" />}
                    label="Restore"
                    rowName={`“${post.title}”`}
                    tone="secondary"
                    onClick={() => void act(post, 'restore')}
                  />
                  <RowButton
                    icon={<Trash2 size={16} aria-hidden="true" />}
                    label="Delete forever"
                    rowName={`“${post.title}”`}
                    onClick={() => setConfirming(post.id)}
                  />
                </ActionsCell>
              </>
            )}
          </AdminTable>
        ))}
    </div>
  );
}
