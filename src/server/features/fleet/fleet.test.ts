import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResponse, ListingDetail } from '@common/schemas/listings';
import type { Vehicle } from '@common/schemas/vehicles';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../../../test/test-browser';
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
    expect((await new TestBrowser(t).get('/api/vehicles')).status).toBe(401);

    const missing = await owner.browser.post('/api/vehicles', { make: 'Honda', model: 'Accord', year: 2003 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { vin: 'Enter a VIN or a license plate.' } },
    });
    const badDigit = await owner.browser.post('/api/vehicles', {
      vin: '1HGCM82643A004352',
      make: 'Honda',
      model: 'Accord',
      year: 2003,
    });
    expect(badDigit.status).toBe(400);

    const accord = await owner.browser.post<Vehicle>('/api/vehicles', {
      vin: '1hgcm82633a004352',
      make: 'Honda',
      model: 'Accord',
      year: 2003,
      color: 'Silver',
    });
    expect(accord.status).toBe(201);
    expect(accord.body).toMatchObject({ vin: '1HGCM82633A004352', chassisCode: null, color: 'Silver' });
    const supra = await owner.browser.post<Vehicle>('/api/vehicles', {
      vin: 'JZA80-1234567',
      make: 'Toyota',
      model: 'Supra',
      year: 1998,
    });
    expect(supra.body.chassisCode).toBe('JZA80');

    const list = await owner.browser.get<{ vehicles: Vehicle[] }>('/api/vehicles');
    expect(list.body.vehicles.map((v) => v.model)).toEqual(['Accord', 'Supra']);
    expect((await other.browser.get<{ vehicles: Vehicle[] }>('/api/vehicles')).body.vehicles).toEqual([]);

    const edit = { licensePlate: '7ABC123', make: 'Honda', model: 'Accord', year: 2004 };
    expect((await other.browser.put(`/api/vehicles/${accord.body.id}`, edit)).status).toBe(404);
    expect((await other.browser.request('DELETE', `/api/vehicles/${accord.body.id}`)).status).toBe(404);
    const edited = await owner.browser.put<Vehicle>(`/api/vehicles/${accord.body.id}`, edit);
    expect(edited.body).toMatchObject({ vin: null, licensePlate: '7ABC123', year: 2004 });
    expect((await owner.browser.request('DELETE', `/api/vehicles/${accord.body.id}`)).status).toBe(200);
    const after = await owner.browser.get<{ vehicles: Vehicle[] }>('/api/vehicles');
    expect(after.body.vehicles.map((v) => v.model)).toEqual(['Supra']);
  });

  it('marks the parts that fit my vehicles and filters browse by them', async () => {
    const seller = await signedInMember(t);
    const member = await signedInMember(t);
    const part = async (title: string, model: string, yearStart: number | null, yearEnd: number | null) =>
      (
        await seller.browser.post<ListingDetail>('/api/listings', {
          title,
          priceCents: 30000,
          category: 'engine',
          condition: 'good',
          make: 'Mazda',
          model,
          yearStart,
          yearEnd,
        })
      ).body;
    const fitsEdge = await part('Fitment test FD intake', 'RX-7', 1992, 1995);
    const tooEarly = await part('Fitment test FD wing', 'RX-7', 1996, 2002);
    const otherModel = await part('Fitment test MX-5 seat', 'MX-5', 1990, 1997);
    const rx7 = await member.browser.post<Vehicle>('/api/vehicles', {
      licensePlate: 'ROTARY',
      make: 'Mazda',
      model: 'rx-7',
      year: 1995,
    });

    const all = await member.browser.get<BrowseResponse>('/api/listings?search=Fitment%20test');
    const fit = Object.fromEntries(all.body.items.map((item) => [item.id, item.fits]));
    expect(fit[fitsEdge.id]).toEqual({ vehicleId: rx7.body.id, label: '1995 Mazda rx-7' });
    expect(fit[tooEarly.id]).toBeNull();
    expect(fit[otherModel.id]).toBeNull();

    const filtered = await member.browser.get<BrowseResponse>('/api/listings?search=Fitment%20test&fits=any');
    expect(filtered.body.items.map((i) => i.id)).toEqual([fitsEdge.id]);
    expect(filtered.body.count.value).toBe(1);
    const byVehicle = await member.browser.get<BrowseResponse>(
      `/api/listings?search=Fitment%20test&fits=${rx7.body.id}`,
    );
    expect(byVehicle.body.items.map((i) => i.id)).toEqual([fitsEdge.id]);
    // Someone else's vehicle id matches nothing.
    const stranger = await signedInMember(t);
    const theirs = await stranger.browser.get<BrowseResponse>(
      `/api/listings?search=Fitment%20test&fits=${rx7.body.id}`,
    );
    expect(theirs.body.items).toEqual([]);

    const detail = await member.browser.get<ListingDetail>(`/api/listings/${fitsEdge.id}`);
    expect(detail.body.fits?.label).toBe('1995 Mazda rx-7');
    // Visitors get no fitment and no filter.
    const visitor = await new TestBrowser(t).get<BrowseResponse>(
      '/api/listings?search=Fitment%20test&fits=any',
    );
    expect(visitor.body.items).toHaveLength(3);
    expect(visitor.body.items[0]).not.toHaveProperty('fits');
  });
});
