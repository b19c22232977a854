import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResponse } from '@common/schemas/listings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import { expectStatus, readAnswer } from '../../../test/test-browser';
import { recordStatements, type Statement } from '../../../test/query-plans';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a signed-in member's browse page", () => {
  it('shows their hearts, fits and hidden sellers, the look-ups each member request makes run by name', async () => {
    const seller = await signedInMember(t, { firstName: 'Keiko', lastName: 'Tanaka' });
    const hidden = await signedInMember(t, { firstName: 'Bea', lastName: 'Lopez' });
    const post = async (by: typeof seller, title: string) => {
      const created = await readAnswer(
        by.browser.api.listings.$post({ json: { ...partInput(title), yearStart: 1993, yearEnd: 1998 } }),
      );
      expectStatus(created, 201);
      return created.body.id;
    };
    const saved = await post(seller, 'Supra turbo manifold');
    const other = await post(seller, 'Supra intercooler');
    const fromHidden = await post(hidden, 'Supra headlights');

    const member = await signedInMember(t);
    expectStatus(
      await readAnswer(
        member.browser.api.vehicles.$post({
          json: { licensePlate: 'JZA80', make: 'Toyota', model: 'Supra', year: 1994 },
        }),
      ),
      201,
    );
    expect((await member.browser.api.favourites[':id'].$put({ param: { id: saved } })).status).toBe(200);
    expect(
      (await member.browser.api.blocks.$put({ json: { memberId: hidden.id, hideListings: true } })).status,
    ).toBe(200);

    const recorded: Statement[] = recordStatements(t.database, /./);
    const named: string[][] = [];
    for (let round = 0; round < 2; round++) {
      recorded.length = 0;
      const answer = await member.browser.request('GET', '/api/listings?sort=newest');
      expect(answer.status).toBe(200);
      const page = answer.body as BrowseResponse;
      const shown = new Map(page.items.map((item) => [item.id, item]));
      expect(shown.get(saved)).toMatchObject({
        favourite: true,
        fits: { label: expect.stringContaining('Supra') },
      });
      expect(shown.get(other)).toMatchObject({ favourite: false });
      expect(shown.has(fromHidden)).toBe(false);
      named.push(recorded.flatMap((statement) => (statement.name ? [statement.name] : [])));
    }
    // The session, the member's vehicles, the sellers they hid and their hearts among the page's cards:
    // each built once and run by its name, the same on every request.
    for (const names of named)
      expect(names).toEqual(
        expect.arrayContaining([
          'session_user',
          'fleet_list',
          'trust_hidden_sellers',
          'favourites_saved_among',
        ]),
      );
    expect(named[1]).toEqual(named[0]);

    // For you (the home page) reads the member's preferences by name too.
    expectStatus(
      await readAnswer(
        member.browser.api.profile.buyer.$put({ json: { zip: '94107', prefMakes: ['Toyota'] } }),
      ),
      200,
    );
    recorded.length = 0;
    const forYou = await member.browser.request('GET', '/api/listings/for-you');
    expect(forYou.status).toBe(200);
    expect((forYou.body as BrowseResponse).items.map((item) => item.id)).toContain(saved);
    expect(recorded.map((statement) => statement.name)).toEqual(
      expect.arrayContaining(['session_user', 'for_you_preferences', 'favourites_saved_among']),
    );
  });
});
