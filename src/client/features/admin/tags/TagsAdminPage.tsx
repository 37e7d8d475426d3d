// /admin/tags: the tags of one kind (topics, teams or competitions) and the editor of one: its kind and name, a team's
// short name and crest (an image uploaded like the post editor's), a competition's points per win and draw. Editors
// and owners see it; the server checks every request again.
import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { PenLine } from 'lucide-react';
import { mayManageAll } from '../../../../contract/roles';
import type { TagKind, TagUpdate } from '../../../../contract/tags';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { uploadApi } from '../api/uploadApi';
import { AdminTable, ActionsCell, NoticeLine, ReadStatus, RowButton, useNotice } from '../components/pageParts';
import { Field, failureText } from '../form/Field';
import { matchesAdminApi } from '../matches/matchesAdminApi';
import type { ListedTag } from '../matches/matchesAdminApi';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';

export const TAGS_FORBIDDEN_TEXT = 'Only editors and owners edit tags.';

const KIND_LABELS: Record<TagKind, string> = { topic: 'Topic', team: 'Team', competition: 'Competition' };
const KINDS = Object.keys(KIND_LABELS) as TagKind[];
const kindOptions = KINDS.map((kind) => (
  <option key={kind} value={kind}>
    {KIND_LABELS[kind]}
  </option>
));

type Values = { name: string; kind: TagKind; shortName: string; crest: string; win: string; draw: string };

const valuesOf = (tag: ListedTag): Values => ({
  name: tag.name,
  kind: tag.kind,
  shortName: tag.shortName ?? '',
  crest: tag.crest ?? '',
  win: String(tag.pointsForWin ?? 3),
  draw: String(tag.pointsForDraw ?? 1),
});

/** The server's 400 details by field name, and the rest as one line. */
function detailsOf(error: unknown): { fields: Record<string, string>; rest: string[] } {
  const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const detail of Array.isArray(details) ? (details as { path?: unknown; message?: unknown }[]) : []) {
    if (typeof detail?.message !== 'string') continue;
    const path = String(detail.path ?? '');
    if (['name', 'kind', 'shortName', 'crest', 'pointsForWin', 'pointsForDraw'].includes(path))
      fields[path] ??= detail.message;
    else rest.push(`${path || 'body'} ${detail.message}`);
  }
  return { fields, rest };
}

function TagEditor({
  tag,
  onDone,
  onCancel,
}: {
  tag: ListedTag;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const update = useMutationRunner(matchesAdminApi.endpoints.updateTag);
  const upload = useMutationRunner(uploadApi.endpoints.uploadImage);
  const [values, setValues] = useState<Values>(() => valuesOf(tag));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Values) => (value: string) => setValues((old) => ({ ...old, [name]: value }));

  const chooseCrest = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const { url } = await upload({ file, accessToken: '' });
      setValues((old) => ({ ...old, crest: url }));
      setErrors(({ crest: _crest, ...rest }) => rest);
    } catch (error) {
      setErrors((old) => ({ ...old, crest: `The image was not uploaded: ${failureText(error)}` }));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: TagUpdate = { name: values.name, kind: values.kind };
    if (values.kind === 'team') Object.assign(body, { shortName: values.shortName, crest: values.crest || null });
    if (values.kind === 'competition')
      Object.assign(body, { pointsForWin: Number(values.win), pointsForDraw: Number(values.draw) });
    setBusy(true);
    setFailure(undefined);
    setErrors({});
    try {
      const saved = await update({ slug: tag.slug, body });
      onDone(`Saved ${saved.name}.`);
    } catch (error) {
      const { fields, rest } = detailsOf(error);
      setErrors(fields);
      const status = (error as { status?: unknown }).status;
      setFailure(
        status === 400
          ? `The tag was not saved${rest.length > 0 ? `: ${rest.join('; ')}.` : ': see the fields marked above.'}`
          : failureText(error),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={pageStyles.formCard}
      noValidate
      aria-label={`Edit ${tag.name}`}
      onSubmit={(event) => void submit(event)}
    >
      <h2>{`Edit ${tag.name}`}</h2>
      <div className={pageStyles.formGrid}>
        <Field
          label="Name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          hint="Only its spelling may change: the tag is its slug."
        />
        <Field label="Kind" value={values.kind} onChange={set('kind')} error={errors.kind} options={kindOptions} />
        {values.kind === 'team' && (
          <Field
            label="Short name"
            value={values.shortName}
            onChange={set('shortName')}
            error={errors.shortName}
            maxLength={20}
          />
        )}
        {values.kind === 'competition' && (
          <>
            <Field
              label="Points for a win"
              type="number"
              min={0}
              max={10}
              value={values.win}
              onChange={set('win')}
              error={errors.pointsForWin}
            />
            <Field
              label="Points for a draw"
              type="number"
              min={0}
              max={10}
              value={values.draw}
              onChange={set('draw')}
              error={errors.pointsForDraw}
            />
          </>
        )}
      </div>
      {values.kind === 'team' && (
        <div className={pageStyles.field}>
          <label className={pageStyles.label} htmlFor="tag-crest">
            Crest
          </label>
          {values.crest && <img src={values.crest} alt={`${values.name} crest`} width={48} height={48} />}
          <input
            id="tag-crest"
            type="file"
            accept="image/*"
            className={pageStyles.input}
            aria-describedby={errors.crest ? 'tag-crest-error' : undefined}
            aria-invalid={errors.crest ? true : undefined}
            disabled={busy}
            onChange={(event) => void chooseCrest(event)}
          />
          {errors.crest && (
            <p id="tag-crest-error" className={pageStyles.failed} role="alert">
              {errors.crest}
            </p>
          )}
          {values.crest && (
            <button type="button" className={buttons.secondaryButton} onClick={() => set('crest')('')}>
              Remove crest
            </button>
          )}
        </div>
      )}
      {failure && (
        <p className={pageStyles.failed} role="alert">
          {failure}
        </p>
      )}
      <div className={pageStyles.formActions}>
        <button type="submit" className={buttons.primaryButton} disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : 'Save tag'}
        </button>
        <button type="button" className={buttons.secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TagList({ kind }: { kind: TagKind }) {
  const list = useEndpointQuery(matchesAdminApi.endpoints.getTagsOfKind, kind);
  const [editing, setEditing] = useState<ListedTag | null>(null);
  const { notice, setNotice, noticeRef } = useNotice();
  const { data } = list;
  return (
    <>
      {editing && (
        <TagEditor
          key={editing.slug}
          tag={editing}
          onDone={(text) => {
            setEditing(null);
            setNotice({ text, failed: false });
            // The form leaves the page: the keyboard continues from what it said.
            requestAnimationFrame(() => noticeRef.current?.focus());
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <NoticeLine notice={notice} noticeRef={noticeRef} />
      <ReadStatus
        loading={list.isLoading}
        loadingText="Loading tags..."
        failure={list.isError ? `The tags could not be loaded: ${failureText(list.error)}` : undefined}
      />
      {data && data.length === 0 && <p className={pageStyles.intro}>No tags of this kind.</p>}
      {data && data.length > 0 && (
        <div className={pageStyles.tableScroll}>
          <AdminTable
            caption="Tags"
            columns={['Name', 'Slug', 'Details']}
            actions
            rows={data.map((tag, index) => ({ ...tag, id: index }))}
            rowHeader={(tag) => tag.name}
            cardsOnPhone
          >
            {(tag) => (
              <>
                <td data-label="Slug">{tag.slug}</td>
                <td data-label="Details">
                  {tag.kind === 'team'
                    ? [tag.shortName, tag.crest ? 'crest' : ''].filter(Boolean).join(', ')
                    : tag.kind === 'competition'
                      ? `${tag.pointsForWin} for a win, ${tag.pointsForDraw} for a draw`
                      : ''}
                </td>
                <ActionsCell>
                  <RowButton
                    icon={<PenLine size={16} aria-hidden="true" />}
                    label="Edit"
                    rowName={tag.name}
                    tone="secondary"
                    onClick={() => setEditing(tag)}
                  />
                </ActionsCell>
              </>
            )}
          </AdminTable>
        </div>
      )}
    </>
  );
}

export function TagsAdminPage() {
  useDocumentTitle('Tags');
  const user = useAppSelector(selectUser);
  const allowed = mayManageAll(user?.role);
  const [kind, setKind] = useState<TagKind>('team');
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Tags</h1>
      </div>
      {!allowed ? (
        <p className={pageStyles.failed} role="alert">
          {TAGS_FORBIDDEN_TEXT}
        </p>
      ) : (
        <>
          <p className={pageStyles.intro}>
            A tag is a topic, a team or a competition. Teams carry a short name and a crest; competitions their points.
          </p>
          <div className={pageStyles.formCard}>
            <Field
              label="Show"
              value={kind}
              onChange={(value) => setKind(value as TagKind)}
              options={KINDS.map((option) => (
                <option key={option} value={option}>
                  {`${KIND_LABELS[option]}s`}
                </option>
              ))}
            />
          </div>
          <TagList key={kind} kind={kind} />
        </>
      )}
    </div>
  );
}
