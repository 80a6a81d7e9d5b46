import { screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answers, envelope, errorBody } from '@/test/api.ts';
import { renderApp } from '@/test/render.tsx';
import { post } from './fixtures.ts';

function Wrapper({ children }: { children: React.ReactNode }) {
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 200 }}>
      {children}
    </VirtuosoMockContext.Provider>
  );
}

const page = (data: ReturnType<typeof post>[]) => ({ ...envelope(data), meta: { has_more: false, next_cursor: null } });

function feedApp(answers: Answers = {}) {
  return renderApp({
    streams: 'test',
    path: '/news-feed',
    signedIn: true,
    wrapper: Wrapper,
    answers: {
      listMyChannels: () => ({ body: envelope([]) }),
      getFeed: () => ({ body: page([post(2, { like_count: 4 }), post(1)]) }),
      ...answers,
    },
  });
}

const card = (text: string) => screen.getByText(text).closest('article') as HTMLElement;

afterEach(() => {
  window.scrollTo(0, 0);
});

describe('News Feed', () => {
  it('a like shows at once; a failed like puts the heart and count back and says why', async () => {
    const { user } = feedApp({
      likePost: () => ({ status: 503, body: errorBody('The server is busy.') }),
    });
    await screen.findByText('Post 2');
    const like = within(card('Post 2')).getByRole('button', { name: /^Like/ });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveAccessibleName('Like, 4 likes');
    await user.click(like);
    await screen.findByText(/Could not like the post: The server is busy\./);
    const after = within(card('Post 2')).getByRole('button', { name: /^Like/ });
    expect(after).toHaveAttribute('aria-pressed', 'false');
    expect(after).toHaveAccessibleName('Like, 4 likes');
  });

  it("a like that succeeds keeps the heart on and takes the server's count", async () => {
    const { user } = feedApp({
      likePost: () => ({ body: envelope(post(2, { like_count: 7, liked_by_me: true })) }),
    });
    await screen.findByText('Post 2');
    await user.click(within(card('Post 2')).getByRole('button', { name: /^Like/ }));
    await waitFor(() =>
      expect(within(card('Post 2')).getByRole('button', { name: /^Like/ })).toHaveAccessibleName('Like, 7 likes'),
    );
    expect(within(card('Post 2')).getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a post from the stream joins the top at once when I am at the top', async () => {
    const { streams } = feedApp();
    await screen.findByText('Post 2');
    await waitFor(() => expect(streams.length).toBe(1));
    streams[0]?.send('post', post(3));
    await screen.findByText('Post 3');
    const texts = screen.getAllByRole('article').map((a) => within(a).queryByText(/^Post \d$/)?.textContent);
    expect(texts).toEqual(['Post 3', 'Post 2', 'Post 1']);
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
  });

  it('scrolled down, it waits behind the pill; the pill shows it', async () => {
    const { streams, user } = feedApp();
    await screen.findByText('Post 2');
    await waitFor(() => expect(streams.length).toBe(1));
    window.scrollTo(0, 900);
    window.dispatchEvent(new Event('scroll'));
    streams[0]?.send('post', post(3));
    const pill = await screen.findByRole('button', { name: /1 new post/ });
    expect(screen.queryByText('Post 3')).toBeNull();
    await user.click(pill);
    // The pill scrolls to the top (happy-dom moves but tells no one).
    expect(window.scrollY).toBe(0);
    window.dispatchEvent(new Event('scroll'));
    await screen.findByText('Post 3');
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
  });

  it('a failed post keeps the text and says why', async () => {
    const { user } = feedApp({
      createPost: () => ({ status: 422, body: errorBody('The post is invalid.', { text: ['is too long'] }) }),
    });
    await screen.findByText('Post 2');
    await user.type(screen.getByLabelText('Write a post'), 'Hello class');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByText(/Could not post: The post is invalid\./);
    expect(screen.getByLabelText('Write a post')).toHaveValue('Hello class');
  });

  it('the feed that fails to load says so and Retry reads it again', async () => {
    let fail = true;
    const { user } = feedApp({
      getFeed: () => (fail ? { status: 503, body: errorBody('Try again later.') } : { body: page([post(1)]) }),
    });
    await screen.findByText(/Could not load your feed: Try again later\./);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Post 1');
  });

  it('no posts: says where posts come from', async () => {
    feedApp({ getFeed: () => ({ body: page([]) }) });
    await screen.findByText(/No posts yet/);
  });
});
