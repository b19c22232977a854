import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('my fleet', () => {
  it('adds, lists, edits and deletes my vehicles; nobody else can', async () => {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    expect((await new TestBrowser(t).api.vehicles.$get()).status).toBe(401);

    const missing = await readAnswer(
      owner.browser.api.vehicles.$post({ json: { make: 'Honda', model: 'Accord', year: 2003 } }),
    );
    expectStatus(missing, 400);
    expect(missing.body).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { vin: 'Enter a VIN or a license plate.' } },
    });
    const badDigit = await readAnswer(
      owner.browser.api.vehicles.$post({
        json: {
          vin: '1HGCM82643A004352',
          make: 'Honda',
          model: 'Accord',
          year: 2003,
        },
      }),
    );
    expectStatus(badDigit, 400);

    const accord = await readAnswer(
      owner.browser.api.vehicles.$post({
        json: {
          vin: '1hgcm82633a004352',
          make: 'Honda',
          model: 'Accord',
          year: 2003,
          color: 'Silver',
        },
      }),
    );
    expectStatus(accord, 201);
    expect(accord.body).toMatchObject({ vin: '1HGCM82633A004352', chassisCode: null, color: 'Silver' });
    const supra = await okBody(
      owner.browser.api.vehicles.$post({
        json: {
          vin: 'JZA80-1234567',
          make: 'Toyota',
          model: 'Supra',
          year: 1998,
        },
      }),
    );
    expect(supra.chassisCode).toBe('JZA80');

    const list = await okBody(owner.browser.api.vehicles.$get());
    expect(list.vehicles.map((v) => v.model)).toEqual(['Accord', 'Supra']);
    expect((await okBody(other.browser.api.vehicles.$get())).vehicles).toEqual([]);

    const edit = { licensePlate: '7ABC123', make: 'Honda', model: 'Accord', year: 2004 };
    expect(
      (await other.browser.api.vehicles[':id'].$put({ param: { id: accord.body.id }, json: edit })).status,
    ).toBe(404);
    expect((await other.browser.api.vehicles[':id'].$delete({ param: { id: accord.body.id } })).status).toBe(
      404,
    );
    const edited = await readAnswer(
      owner.browser.api.vehicles[':id'].$put({ param: { id: accord.body.id }, json: edit }),
    );
    expect(edited.body).toMatchObject({ vin: null, licensePlate: '7ABC123', year: 2004 });
    expect((await owner.browser.api.vehicles[':id'].$delete({ param: { id: accord.body.id } })).status).toBe(
      200,
    );
    const after = await okBody(owner.browser.api.vehicles.$get());
    expect(after.vehicles.map((v) => v.model)).toEqual(['Supra']);
  });

  it('marks the parts that fit my vehicles and filters browse by them', async () => {
    const seller = await signedInMember(t);
    const member = await signedInMember(t);
    const part = async (title: string, model: string, yearStart: number | null, yearEnd: number | null) =>
      await okBody(
        seller.browser.api.listings.$post({
          json: {
            title,
            priceCents: 30000,
            category: 'engine',
            condition: 'good',
            make: 'Mazda',
            model,
            yearStart,
            yearEnd,
          },
        }),
      );
    const fitsEdge = await part('Fitment test FD intake', 'RX-7', 1992, 1995);
    const tooEarly = await part('Fitment test FD wing', 'RX-7', 1996, 2002);
    const otherModel = await part('Fitment test MX-5 seat', 'MX-5', 1990, 1997);
    const rx7 = await okBody(
      member.browser.api.vehicles.$post({
        json: {
          licensePlate: 'ROTARY',
          make: 'Mazda',
          model: 'rx-7',
          year: 1995,
        },
      }),
    );

    const all = await okBody(member.browser.api.listings.$get({ query: { search: 'Fitment test' } }));
    const fit = Object.fromEntries(all.items.map((item) => [item.id, item.fits]));
    expect(fit[fitsEdge.id]).toEqual({ vehicleId: rx7.id, label: '1995 Mazda rx-7' });
    expect(fit[tooEarly.id]).toBeNull();
    expect(fit[otherModel.id]).toBeNull();
    // Of the vehicle's make and model but not its years: the card says which years it fits.
    const misfit = Object.fromEntries(all.items.map((item) => [item.id, item.misfit]));
    expect(misfit[tooEarly.id]).toEqual({ vehicleId: rx7.id, label: '1995 Mazda rx-7', years: '1996-2002' });
    expect(misfit[fitsEdge.id]).toBeNull();
    expect(misfit[otherModel.id]).toBeNull();

    const filtered = await okBody(
      member.browser.api.listings.$get({ query: { search: 'Fitment test', fits: 'any' } }),
    );
    expect(filtered.items.map((i) => i.id)).toEqual([fitsEdge.id]);
    expect(filtered.count.value).toBe(1);
    const byVehicle = await okBody(
      member.browser.api.listings.$get({ query: { search: 'Fitment test', fits: rx7.id } }),
    );
    expect(byVehicle.items.map((i) => i.id)).toEqual([fitsEdge.id]);
    // Someone else's vehicle id matches nothing.
    const stranger = await signedInMember(t);
    const theirs = await okBody(
      stranger.browser.api.listings.$get({ query: { search: 'Fitment test', fits: rx7.id } }),
    );
    expect(theirs.items).toEqual([]);

    const detail = await okBody(member.browser.api.listings[':id'].$get({ param: { id: fitsEdge.id } }));
    expect(detail.fits?.label).toBe('1995 Mazda rx-7');
    const wing = await okBody(member.browser.api.listings[':id'].$get({ param: { id: tooEarly.id } }));
    expect(wing.misfit?.years).toBe('1996-2002');
    // Visitors get no fitment and no filter.
    const visitor = await okBody(
      new TestBrowser(t).api.listings.$get({ query: { search: 'Fitment test', fits: 'any' } }),
    );
    expect(visitor.items).toHaveLength(3);
    expect(visitor.items[0]).not.toHaveProperty('fits');
  });
});
