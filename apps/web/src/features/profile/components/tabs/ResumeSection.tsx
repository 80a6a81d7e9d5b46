import type { Schemas } from '@cohort/api';
import { Alert } from '@/components/ui/Alert.tsx';
import { Button } from '@/components/ui/Button.tsx';
import { HiddenFileInput } from '@/components/ui/HiddenFileInput.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { UploadStatus } from '@/components/ui/UploadStatus.tsx';
import { shortDate } from '@/lib/dates.ts';
import { fileSize } from '@/lib/upload.ts';
import { useProfileFile } from '../use-profile-file.ts';
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
  const { state, start, retry, cancel, picker, choose, remove, removing, removeError } = useProfileFile(
    'resume',
    'resume',
    { saved: 'Résumé saved.', removed: 'Résumé removed.', notRemoved: 'The résumé was not removed' },
  );

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
          <HiddenFileInput
            ref={picker}
            accept="application/pdf,.pdf"
            label="Résumé file"
            onFiles={([file]) => void start(file)}
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
