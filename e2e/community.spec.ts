import { expect, test } from '@playwright/test';
import { uniqueEmail, uniqueWord } from './support/mail';
import { newMember } from './support/accounts';
import { photoFiles } from './support/photos';

test('a member shares a build with photos; another likes it and comments', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `RX-7 FD single turbo ${uniqueWord()}`;
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await newMember(author, uniqueEmail('builder'));
  await author.goto('/community');
  await expect(author.getByRole('heading', { name: 'Share Your Build' })).toBeVisible();

  // Title and description are required.
  await author.getByRole('button', { name: 'Post Build' }).click();
  await expect(author.getByText('This field is required.')).toHaveCount(2);

  await author.getByLabel('Title').fill(title);
  await author.getByLabel('Description').fill('BorgWarner EFR 8374, Haltech Elite, 420 whp on pump fuel.');
  await author
    .locator('input[type="file"]')
    .first()
    .setInputFiles(await photoFiles());
  await expect(author.getByRole('listitem').filter({ has: author.locator('img') })).toHaveCount(3);
  await expect(author.getByRole('button', { name: 'Post Build' })).toBeEnabled({ timeout: 20_000 });
  await author.getByRole('button', { name: 'Post Build' }).click();
  await expect(author.getByText('Build shared')).toBeVisible({ timeout: 20_000 });
  const post = author.getByRole('article', { name: title });
  await expect(post).toContainText('by Mika H.');
  await expect(post.locator('img')).toHaveCount(3);

  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await newMember(fan, uniqueEmail('fan'));
  await fan.goto('/community');
  const seen = fan.getByRole('article', { name: title });
  await seen.getByRole('button', { name: /^Like/, pressed: false }).click();
  await expect(seen.getByRole('button', { name: 'Like, 1 like', pressed: true })).toContainText('1 like');
  await seen.getByRole('button', { name: /^Like/, pressed: true }).click();
  await expect(seen.getByRole('button', { name: 'Like, 0 likes', pressed: false })).toContainText('0 likes');
  await seen.getByRole('button', { name: /^Like/, pressed: false }).click();

  await seen.getByRole('button', { name: /comments/ }).click();
  await expect(seen.getByText('No comments yet.')).toBeVisible();
  await seen.getByLabel('Write a comment').fill('What boost for 420?');
  await seen.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(seen.getByText('What boost for 420?')).toBeVisible();
  await expect(seen.getByRole('button', { name: /1 comment/ })).toBeVisible();

  // The author sees the like and the comment after a reload.
  await author.reload();
  await expect(post.getByRole('button', { name: 'Like, 1 like' })).toContainText('1 like');
  await expect(post.getByRole('button', { name: /1 comment/ })).toBeVisible();

  // The fan deletes their own comment.
  await seen.getByRole('button', { name: 'Delete comment' }).click();
  await expect(fan.getByText('Comment deleted')).toBeVisible();
  await expect(seen.getByText('No comments yet.')).toBeVisible();

  await authorContext.close();
  await fanContext.close();
});
