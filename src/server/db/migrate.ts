// Runs the migrations in order with Kysely's Migrator. The list is static so it works from dist/ and from source alike.
import { Migrator } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { Db } from './database';
import { createPosts } from './migrations/20261122_0001_create_posts';
import { addImages } from './migrations/20261123_0002_images';
import { postStatus } from './migrations/20261123_0003_post_status';
import { accounts } from './migrations/20261125_0004_accounts';
import { revisionsTrash } from './migrations/20261125_0005_revisions_trash';
import { tagsSearch } from './migrations/20261125_0006_tags_search';
import { searchStorage } from './migrations/20261125_0007_search_storage';
import { signInAttempts } from './migrations/20261126_0008_sign_in_attempts';
import { invitationOwners } from './migrations/20261126_0009_invitation_owners';
import { headerImageAlt } from './migrations/20261126_0010_header_image_alt';
import { textFormat } from './migrations/20261126_0011_text_format';
import { liveCoverage } from './migrations/20261126_0013_live_coverage';
import { liveEvents } from './migrations/20261126_0015_live_events';
import { desk } from './migrations/20261126_0014_desk';
import { sectionTypes } from './migrations/20261126_0012_section_types';
import { singleLineNames } from './migrations/20261128_0017_single_line_names';
import { mailDigests } from './migrations/20261128_0018_mail_digests';
import { searchLiveEntries } from './migrations/20261128_0020_search_live_entries';
import { secondFactors } from './migrations/20261128_0022_second_factors';
import { members } from './migrations/20261128_0023_members';
import { newsletters } from './migrations/20261128_0024_newsletters';
import { matches } from './migrations/20261128_0025_matches';
import { accountNotices } from './migrations/20261128_0026_account_notices';
import { changesAndNames } from './migrations/20261128_0027_changes_and_names';
import { comments } from './migrations/20261128_0028_comments';
import { mailClaimIndex } from './migrations/20261128_0029_mail_claim_index';
import { newsletterRecorded } from './migrations/20261129_0030_newsletter_recorded';

function migrationsFor(dialect: Db['dialect']): Record<string, Migration> {
  return {
    '20261122_0001_create_posts': createPosts(dialect),
    '20261123_0002_images': addImages(dialect),
    '20261123_0003_post_status': postStatus(dialect),
    '20261125_0004_accounts': accounts(dialect),
    '20261125_0005_revisions_trash': revisionsTrash(dialect),
    '20261125_0006_tags_search': tagsSearch(dialect),
    '20261125_0007_search_storage': searchStorage(dialect),
    '20261126_0008_sign_in_attempts': signInAttempts(dialect),
    '20261126_0009_invitation_owners': invitationOwners(dialect),
    '20261126_0010_header_image_alt': headerImageAlt(dialect),
    '20261126_0011_text_format': textFormat(dialect),
    '20261126_0013_live_coverage': liveCoverage(dialect),
    '20261126_0015_live_events': liveEvents(dialect),
    '20261126_0014_desk': desk(dialect),
    '20261126_0012_section_types': sectionTypes(dialect),
    '20261128_0017_single_line_names': singleLineNames(dialect),
    '20261128_0018_mail_digests': mailDigests(),
    '20261128_0020_search_live_entries': searchLiveEntries(dialect),
    '20261128_0022_second_factors': secondFactors(dialect),
    '20261128_0023_members': members(dialect),
    '20261128_0024_newsletters': newsletters(dialect),
    '20261128_0025_matches': matches(dialect),
    '20261128_0026_account_notices': accountNotices(dialect),
    '20261128_0027_changes_and_names': changesAndNames(),
    '20261128_0028_comments': comments(dialect),
    '20261128_0029_mail_claim_index': mailClaimIndex(dialect),
    '20261129_0030_newsletter_recorded': newsletterRecorded(),
  };
}

/** The Migrator over this app's migrations (tests use it to build a database as an older release left it). */
export function migratorFor(db: Db): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db.dialect) };
  return new Migrator({ db: db.kysely, provider });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
