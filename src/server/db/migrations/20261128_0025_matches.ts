// The matchday: a tag's kind (a topic as before, a team or a competition), a team's short name and crest, a
// competition's points per win and draw, and the matches between two team tags in a competition tag. Frozen once
// landed. Existing tags become topics.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function matches(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      // 'topic', 'team' or 'competition'
      await db.schema
        .alterTable('tags')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('topic'))
        .execute();
      // A team's: the short name scores show, and its crest (an upload's name); null for other kinds and when unset.
      await db.schema.alterTable('tags').addColumn('short_name', 'text').execute();
      await db.schema.alterTable('tags').addColumn('crest', 'text').execute();
      // A competition's table counts these; kept on every tag so a tag changing kind finds the usual 3 and 1.
      await db.schema
        .alterTable('tags')
        .addColumn('points_for_win', 'integer', (c) => c.notNull().defaultTo(3))
        .execute();
      await db.schema
        .alterTable('tags')
        .addColumn('points_for_draw', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('tags_kind').on('tags').columns(['kind', 'name']).execute();

      await db.schema
        .createTable('matches')
        .addColumn('id', 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('competition_id', 'integer', (c) => c.notNull().references('tags.id'))
        .addColumn('home_id', 'integer', (c) => c.notNull().references('tags.id'))
        .addColumn('away_id', 'integer', (c) => c.notNull().references('tags.id'))
        // UTC, written as toISOString() text so SQLite compares it in time order
        .addColumn('kickoff', timestamp, (c) => c.notNull())
        .addColumn('venue', 'text')
        // 'scheduled', 'live', 'finished' or 'postponed'
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled'))
        // both null or both set
        .addColumn('home_score', 'integer')
        .addColumn('away_score', 'integer')
        // the story or live coverage about the match; a post is about one match at most
        .addColumn('post_id', 'integer', (c) => c.references('posts.id').onDelete('set null'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        // counts the changes a calendar event shows (iCalendar SEQUENCE)
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('matches_kickoff').on('matches').columns(['kickoff', 'id']).execute();
      await db.schema.createIndex('matches_competition').on('matches').columns(['competition_id', 'kickoff']).execute();
      await db.schema.createIndex('matches_home').on('matches').columns(['home_id', 'kickoff']).execute();
      await db.schema.createIndex('matches_away').on('matches').columns(['away_id', 'kickoff']).execute();
      await sql`create unique index matches_post on matches (post_id) where post_id is not null`.execute(db);
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('matches').execute();
      await db.schema.dropIndex('tags_kind').execute();
      for (const column of ['points_for_draw', 'points_for_win', 'crest', 'short_name', 'kind']) {
        await db.schema.alterTable('tags').dropColumn(column).execute();
      }
    },
  };
}
