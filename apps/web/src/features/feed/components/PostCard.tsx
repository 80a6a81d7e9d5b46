import { memo, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/Icon.tsx';
import * as l from '@/components/ui/layout.css.ts';
import { groupProfilePath, otherProfilePath, paths } from '@/config/paths.ts';
import { timeAgo } from '@/lib/dates.ts';
import { groupName, initials, personName } from '@/lib/format.ts';
import type { Post } from '../post-cache.ts';
import * as s from './post-card.css.ts';

type Author = Post['author'];

export function AuthorPhoto({ author, small = false }: { author: Author; small?: boolean }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className={small ? s.smallAvatar : s.avatar} aria-hidden="true">
      {author.profile_image && !broken ? (
        <img className={s.avatarImage} src={author.profile_image} alt="" onError={() => setBroken(true)} />
      ) : (
        initials(personName(author, ''))
      )}
    </span>
  );
}

/** 'MBA · Class of 2027', either part alone, or ''. */
export function programAndClass(author: Author): string {
  return [author.program, author.graduation_year ? `Class of ${author.graduation_year}` : null]
    .filter(Boolean)
    .join(' · ');
}

export const profileLink = (id: string, me: string | null) => (id === me ? paths.profile : otherProfilePath(id));

export interface PostHandlers {
  onLike: (post: Post) => void;
  onComments: (post: Post) => void;
  onMenu: (post: Post) => void;
}

/** One post: author photo, name, program and class, time ago, group; text, photos, link; like, comments, more. */
export const PostCard = memo(function PostCard({
  post,
  me,
  onLike,
  onComments,
  onMenu,
}: { post: Post; me: string | null } & PostHandlers) {
  const name = personName(post.author);
  const about = programAndClass(post.author);
  return (
    <article className={s.card} aria-label={`Post by ${name}`} data-post={post.id}>
      <header className={s.head}>
        <Link to={profileLink(post.author.id, me)} tabIndex={-1} aria-hidden="true" className={s.avatarLink}>
          <AuthorPhoto author={post.author} />
        </Link>
        <span className={s.who}>
          <Link className={s.name} to={profileLink(post.author.id, me)} dir="auto">
            {name}
          </Link>
          {about && (
            <span className={s.meta} dir="auto">
              {about}
            </span>
          )}
          <span className={s.meta}>
            <time dateTime={post.created_at}>{timeAgo(post.created_at)}</time>
            {post.group && (
              <>
                {' · in '}
                <Link to={groupProfilePath(post.group.id)} className={s.meta} dir="auto">
                  {groupName(post.group.name)}
                </Link>
              </>
            )}
          </span>
        </span>
      </header>
      {post.text && (
        <p className={s.text} dir="auto">
          {post.text}
        </p>
      )}
      {post.link && (
        <a className={s.link} href={post.link} target="_blank" rel="noopener noreferrer nofollow">
          {post.link}
        </a>
      )}
      {post.images.length > 0 && (
        <div className={s.images}>
          {post.images.map((image, i) => (
            <a key={image.id} className={s.imageLink} href={image.url} target="_blank" rel="noopener noreferrer">
              <img
                className={s.image}
                src={post.images.length === 1 ? image.url : image.thumbnail_url}
                width={image.width}
                height={image.height}
                loading="lazy"
                alt={`${i + 1} of ${post.images.length}, posted by ${name}`}
              />
            </a>
          ))}
        </div>
      )}
      <div className={s.bar}>
        <button type="button" className={s.barButton} aria-pressed={post.liked_by_me} onClick={() => onLike(post)}>
          <Icon name="heart" className={post.liked_by_me ? s.liked : undefined} width={20} height={20} />
          <span className={l.visuallyHidden}>Like,</span> {post.like_count}{' '}
          <span className={l.visuallyHidden}>{post.like_count === 1 ? 'like' : 'likes'}</span>
        </button>
        <button type="button" className={s.barButton} onClick={() => onComments(post)}>
          <Icon name="comment" width={20} height={20} />
          <span className={l.visuallyHidden}>Comments,</span> {post.comment_count}
        </button>
        <button type="button" className={s.more} onClick={() => onMenu(post)}>
          <Icon name="more" width={20} height={20} />
          <span className={l.visuallyHidden}>More actions for the post by {name}</span>
        </button>
      </div>
    </article>
  );
});
