import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';
import { uploadTestPhoto } from '../../../test/photos';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const uploadPhoto = (browser: TestBrowser) => uploadTestPhoto(t, browser);

describe('community', () => {
  it('shares builds with photos, newest first, for members only', async () => {
    const author = await signedInMember(t, { firstName: 'Keiko', lastName: 'Ono' });
    const other = await signedInMember(t);
    expect((await new TestBrowser(t).api.community.posts.$get({ query: {} })).status).toBe(401);

    const bad = await readAnswer(
      author.browser.api.community.posts.$post({ json: { title: '', description: '' } }),
    );
    expectStatus(bad, 400);
    expect(bad.body).toMatchObject({
      error: { fields: { title: 'This field is required.', description: 'This field is required.' } },
    });
    // Someone else's photo cannot be borrowed.
    const theirs = await uploadPhoto(other.browser);
    const borrowed = await readAnswer(
      author.browser.api.community.posts.$post({
        json: {
          title: 'Borrowed',
          description: 'Not mine',
          photos: [theirs],
        },
      }),
    );
    expectStatus(borrowed, 400);

    const photo = await uploadPhoto(author.browser);
    const first = await readAnswer(
      author.browser.api.community.posts.$post({
        json: {
          title: 'FD3S street build',
          description: 'Single turbo conversion, 400 whp.',
          photos: [photo],
        },
      }),
    );
    expectStatus(first, 201);
    expect(first.body).toMatchObject({
      title: 'FD3S street build',
      author: { name: 'Keiko O.' },
      likeCount: 0,
      commentCount: 0,
      mine: true,
    });
    expect(first.body.photos[0]?.sources.length).toBeGreaterThan(0);
    await author.browser.api.community.posts.$post({
      json: {
        title: 'AE86 restomod',
        description: '4A-GE, ITBs.',
      },
    });

    const feed = await okBody(other.browser.api.community.posts.$get({ query: {} }));
    expect(feed.posts.slice(0, 2).map((p) => p.title)).toEqual(['AE86 restomod', 'FD3S street build']);
    expect(feed.posts[0]?.mine).toBe(false);
  });

  it('counts one like per member, toggling, and keeps comments; only authors delete', async () => {
    const author = await signedInMember(t);
    const fan = await signedInMember(t);
    const post = await okBody(
      author.browser.api.community.posts.$post({
        json: {
          title: 'S2000 track car',
          description: 'AP1.',
        },
      }),
    );

    const like = () =>
      readAnswer(fan.browser.api.community.posts[':id'].like.$post({ param: { id: post.id } }));
    expect((await like()).body).toEqual({ liked: true, likeCount: 1 });
    expect((await like()).body).toEqual({ liked: false, likeCount: 0 });
    expect((await like()).body).toEqual({ liked: true, likeCount: 1 });
    await author.browser.api.community.posts[':id'].like.$post({ param: { id: post.id } });
    const seen = (await okBody(fan.browser.api.community.posts.$get({ query: {} }))).posts.find(
      (p) => p.id === post.id,
    );
    expect(seen).toMatchObject({ likeCount: 2, likedByMe: true });

    expect(
      (
        await fan.browser.api.community.posts[':id'].comments.$post({
          param: { id: post.id },
          json: { content: ' ' },
        })
      ).status,
    ).toBe(400);
    const comment = await readAnswer(
      fan.browser.api.community.posts[':id'].comments.$post({
        param: { id: post.id },
        json: {
          content: 'What tyres do you run?',
        },
      }),
    );
    expectStatus(comment, 201);
    await author.browser.api.community.posts[':id'].comments.$post({
      param: { id: post.id },
      json: {
        content: 'RE-71RS, 255 square.',
      },
    });
    const list = await okBody(
      author.browser.api.community.posts[':id'].comments.$get({ param: { id: post.id } }),
    );
    expect(list.comments.map((c) => [c.content, c.mine])).toEqual([
      ['What tyres do you run?', false],
      ['RE-71RS, 255 square.', true],
    ]);
    expect(
      (await author.browser.api.community.comments[':id'].$delete({ param: { id: comment.body.id } })).status,
    ).toBe(404);
    expect(
      (await fan.browser.api.community.comments[':id'].$delete({ param: { id: comment.body.id } })).status,
    ).toBe(200);
    const after = (await okBody(fan.browser.api.community.posts.$get({ query: {} }))).posts.find(
      (p) => p.id === post.id,
    );
    expect(after?.commentCount).toBe(1);

    expect((await fan.browser.api.community.posts[':id'].$delete({ param: { id: post.id } })).status).toBe(
      404,
    );
    expect((await author.browser.api.community.posts[':id'].$delete({ param: { id: post.id } })).status).toBe(
      200,
    );
    expect((await fan.browser.api.community.posts[':id'].like.$post({ param: { id: post.id } })).status).toBe(
      404,
    );
  });

  it('pages the feed by keyset without repeats', async () => {
    const member = await signedInMember(t);
    for (let i = 0; i < 12; i++)
      await member.browser.api.community.posts.$post({
        json: { title: `Paging build ${i}`, description: 'x' },
      });
    const first = await okBody(member.browser.api.community.posts.$get({ query: {} }));
    expect(first.posts).toHaveLength(10);
    const second = await okBody(
      member.browser.api.community.posts.$get({ query: { cursor: first.nextCursor! } }),
    );
    const ids = [...first.posts, ...second.posts].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await member.browser.api.community.posts.$get({ query: { cursor: 'nonsense' } })).status).toBe(
      400,
    );
  });
});
