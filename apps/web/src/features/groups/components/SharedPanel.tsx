import { useMemo } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Icon } from '../../../components/ui/Icon.tsx';
import * as l from '../../../components/ui/layout.css.ts';
import { RenderGuard } from '../../../components/ui/RenderGuard.tsx';
import * as cs from '../../../components/ui/rows.css.ts';
import { useChannelMessages } from '../api/channels.ts';
import { channelMedia } from '../channel-media.ts';
import * as s from './GroupProfile.css.ts';

const MEDIA_PAGE = 100;

/** The Media, Files and Link tabs: what the latest messages shared (read once one of them opens), with Retry. */
export function SharedPanel({ id, tab, member }: { id: string; tab: 'media' | 'files' | 'link'; member: boolean }) {
  const shared = useChannelMessages(id, MEDIA_PAGE, member);
  const { messages, error: mediaError } = shared;
  const media = useMemo(() => channelMedia(messages ?? []), [messages]);
  return (
    <>
      {!member && <p className={l.muted}>Join the group to see what its members shared.</p>}
      {member && mediaError && (
        <Alert
          action={
            <Button small variant="secondary" onClick={shared.reload}>
              Retry
            </Button>
          }
        >
          Could not load the messages: {mediaError}
        </Alert>
      )}
      {member && !messages && !mediaError && <p className={l.muted}>Loading…</p>}
      {tab === 'media' && messages && (
        <div className={s.panel}>
          {media.images.length === 0 ? (
            <p className={l.muted}>No photos in the latest {MEDIA_PAGE} messages.</p>
          ) : (
            <div className={s.mediaGrid}>
              {media.images.map((img) => (
                <RenderGuard key={`${img.messageId}-${img.url}`} fallback={<span className={s.mediaItem} />}>
                  <a href={img.url} target="_blank" rel="noreferrer" className={s.mediaItem}>
                    <img src={img.url} alt="Shared in the group" className={s.mediaItem} loading="lazy" />
                  </a>
                </RenderGuard>
              ))}
            </div>
          )}
        </div>
      )}
      {tab === 'files' && messages && (
        <div className={s.panel}>
          {media.files.length === 0 ? (
            <p className={l.muted}>No files in the latest {MEDIA_PAGE} messages.</p>
          ) : (
            <ul className={cs.list} aria-label="Files">
              {media.files.map((f) => (
                <li key={`${f.messageId}-${f.url}`}>
                  <RenderGuard fallback={<p className={l.muted}>This file can't be shown.</p>}>
                    <a href={f.url} target="_blank" rel="noreferrer" className={cs.row}>
                      <Icon name="file" />
                      <span className={cs.name} dir="auto">
                        {f.name}
                      </span>
                    </a>
                  </RenderGuard>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {tab === 'link' && messages && (
        <div className={s.panel}>
          {media.links.length === 0 ? (
            <p className={l.muted}>No links in the latest {MEDIA_PAGE} messages.</p>
          ) : (
            <ul className={cs.list} aria-label="Links">
              {media.links.map((link) => (
                <li key={`${link.messageId}-${link.url}`} style={{ padding: '8px 0' }}>
                  <RenderGuard fallback={<p className={l.muted}>This link can't be shown.</p>}>
                    <a href={link.url} target="_blank" rel="noreferrer" className={s.link}>
                      {link.url}
                    </a>
                  </RenderGuard>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
