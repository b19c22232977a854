import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * One way to page (`@common/schemas/paging`): every list the API answers a page at a time takes
 * `cursor` and answers `nextCursor`, a string or null. Read from the API document, so a new paged
 * endpoint that names its position any other way fails here.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  allOf?: Schema[];
}
interface Doc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

/** Names a page's position could go by, in a request or in an answer. */
const POSITION_QUERY = /^(cursor|before|after|page|offset|since|until|older|newer|next|from)$/i;
const POSITION_ANSWER = /cursor|^(next|older|newer|before|after|more|hasMore|nextPage|page|offset)$/i;

let t: TestApp;
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await (await t.app.request('/api/openapi.json')).json()) as Doc;
});

afterAll(async () => {
  await t.close();
});

function properties(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  if (schema.$ref) return properties(doc.components.schemas[schema.$ref.split('/').pop()!]);
  return Object.assign({}, ...(schema.allOf ?? []).map(properties), schema.properties ?? {});
}

describe('paged lists', () => {
  it('take `cursor` and answer `nextCursor` (a string, or null on the last page), and nothing else', () => {
    const paged: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const read = operations.get;
      if (!read) continue;
      const name = `GET ${path}`;
      const query = (read.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const answer = properties(read.responses['200']?.content?.['application/json']?.schema);
      const position = Object.keys(answer).filter((key) => POSITION_ANSWER.test(key));

      expect(
        query.filter((key) => POSITION_QUERY.test(key)),
        `${name}: where to go on from`,
      ).toEqual(query.includes('cursor') ? ['cursor'] : []);
      if (query.includes('cursor'))
        expect(position, `${name}: where the next page starts`).toEqual(['nextCursor']);
      if (!position.length) continue;
      expect(position, `${name}: where the next page starts`).toEqual(['nextCursor']);
      expect(answer.nextCursor!.type, name).toEqual(['string', 'null']);
      paged.push(name);
    }
    // Listings, the community feed, notifications, conversations, a thread and its older pages, and
    // the moderation desk's reports and audit log.
    expect(paged).toEqual(
      expect.arrayContaining([
        'GET /listings',
        'GET /community/posts',
        'GET /notifications',
        'GET /conversations',
        'GET /conversations/{id}',
        'GET /conversations/{id}/messages',
        'GET /admin/reports',
        'GET /admin/audit',
      ]),
    );
  });
});
