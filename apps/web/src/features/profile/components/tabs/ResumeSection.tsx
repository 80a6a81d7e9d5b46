import type { ApiError, Media, Schemas } from '@cohort/api';
import { useSetAtom } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { showToastAtom } from '@/components/ui/toast-state.ts';
import { UploadStatus } from '@/components/ui/UploadStatus.tsx';
import { shortDate } from '@/lib/dates.ts';
import { fileSize, useUpload } from '@/lib/upload.ts';
import { useUpdateMe } from '../../api/me.ts';
import * as s from './tabs.css.ts';

type Resume = Schemas['Resume'];

/** The résumé as a file row (name, size, date) that opens it in a new tab. */
function ResumeRow({ resume }: { resume: Resume }) {
  return (
    <a className={s.fileRow} href={resume.url} target="_blank" rel="noopener noreferrer">
      <span className={s.fileBadge} aria-hidden="true">
        PDF
      </span>
      <span className={s.itemBody}>
        <span className={s.itemTitle} dir="auto">
          {resume.name}
        </span>
        <span className={s.itemMeta}>
          {fileSize(resume.size)} · uploaded {shortDate(resume.uploaded_at, 'recently')}
        </span>
      </span>
    </a>
  );
}

/** Experience tab's résumé: the own one with Upload / Replace / Remove, another user's read-only. */
export function ResumeSection({ resume, own }: { resume: Resume | null | undefined; own: boolean }) {
  const updateMe = useUpdateMe();
  const toast = useSetAtom(showToastAtom);
  const picker = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const setResume = useCallback(
    async (media: Media): Promise<ApiError | undefined> => {
      const result = await updateMe({ resume: media.id });
      if (!result.ok) return result.error;
      toast({ tone: 'success', text: 'Résumé saved.' });
      return undefined;
    },
    [updateMe, toast],
  );
  const { state, start, retry, cancel } = useUpload('resume', setResume);

  const choose = () => picker.current?.click();
  const remove = async () => {
    setRemoving(true);
    setRemoveError(null);
    const result = await updateMe({ resume: null });
    setRemoving(false);
    if (!result.ok) return setRemoveError(`The résumé was not removed: ${result.error.message}`);
    toast({ tone: 'success', text: 'Résumé removed.' });
  };

  return (
    <section className={s.tab} aria-label="Résumé">
      <h3 className={s.heading}>Résumé</h3>
      {resume ? (
        <ResumeRow resume={resume} />
      ) : (
        <p className={l.muted}>{own ? 'No résumé uploaded yet.' : 'No résumé shared.'}</p>
      )}
      {own && (
        <>
          <input
            ref={picker}
            type="file"
            accept="application/pdf,.pdf"
            hidden
            aria-label="Résumé file"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void start(file);
            }}
          />
          <UploadStatus state={state} what="résumé" onRetry={retry} onChoose={choose} onCancel={cancel} />
          {removeError && <Alert>{removeError}</Alert>}
          <div className={s.actions}>
            <Button variant="secondary" block onClick={choose} disabled={state.status === 'uploading' || removing}>
              {resume ? 'Replace Resume' : 'Upload Resume'}
            </Button>
            {resume && (
              <Button variant="ghost" onClick={remove} loading={removing} disabled={state.status === 'uploading'}>
                Remove
              </Button>
            )}
          </div>
          <p className={l.muted}>PDF, up to 10 MB.</p>
        </>
      )}
    </section>
  );
}
