import type { Migration } from 'kysely/migration';
import * as initialSchema from './2026_11_21_1200_initial_schema.js';
import * as viewAddressTally from './2026_11_25_0160_view_address_tally.js';
import * as articleSlugs from './2026_11_25_1500_article_slugs.js';
import * as email from './2026_11_25_1700_email.js';
import * as analyticsRollups from './2026_11_25_1800_analytics_rollups.js';
import * as channelTopIndexes from './2026_11_26_0900_channel_top_indexes.js';
import * as articleWordIndex from './2026_11_26_1000_article_word_index.js';
import * as articleCategoryOrder from './2026_11_26_1100_article_category_order.js';
import * as articleSearchWords from './2026_11_26_1200_article_search_words.js';
import * as articleWordPairs from './2026_11_26_1300_article_word_pairs.js';
import * as sqliteWordPairs from './2026_11_27_1200_sqlite_word_pairs.js';
import * as commentThreadsIndex from './2026_11_27_1500_comment_threads_index.js';
import * as commentRepliesIndex from './2026_11_27_1900_comment_replies_index.js';
import * as retiredArticleSlugs from './2026_11_30_0900_retired_article_slugs.js';
import * as uploadStoredBytes from './2026_11_30_1000_upload_stored_bytes.js';
import * as readersMail from './2026_11_30_1100_readers_mail.js';
import * as articleRevisions from './2026_11_30_1200_article_revisions.js';
import * as moderation from './2026_11_30_1300_moderation.js';
import * as imageAltCover from './2026_11_30_1400_image_alt_cover.js';
import * as articleAutosave from './2026_11_30_1500_article_autosave.js';
import * as newsroom from './2026_11_30_1600_newsroom.js';
import * as commentCountSeen from './2026_12_02_1150_comment_count_seen.js';
import * as articleFieldSnapshots from './2026_12_02_1210_article_field_snapshots.js';
import * as articleSubtitle from './2026_12_02_1220_article_subtitle.js';
import * as imports from './2026_12_02_1300_imports.js';
import * as federation from './2026_12_02_1400_federation.js';
import * as fediverseReplies from './2026_12_03_1000_fediverse_replies.js';
import * as publishedCounts from './2026_12_03_1100_published_counts.js';

/**
 * Every migration, by name. Listed statically (not read from the folder) so the bundled
 * server carries them; names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1200_initial_schema': initialSchema,
  '2026_11_25_0160_view_address_tally': viewAddressTally,
  '2026_11_25_1500_article_slugs': articleSlugs,
  '2026_11_25_1700_email': email,
  '2026_11_25_1800_analytics_rollups': analyticsRollups,
  '2026_11_26_0900_channel_top_indexes': channelTopIndexes,
  '2026_11_26_1000_article_word_index': articleWordIndex,
  '2026_11_26_1100_article_category_order': articleCategoryOrder,
  '2026_11_26_1200_article_search_words': articleSearchWords,
  '2026_11_26_1300_article_word_pairs': articleWordPairs,
  '2026_11_27_1200_sqlite_word_pairs': sqliteWordPairs,
  '2026_11_27_1500_comment_threads_index': commentThreadsIndex,
  '2026_11_27_1900_comment_replies_index': commentRepliesIndex,
  '2026_11_30_0900_retired_article_slugs': retiredArticleSlugs,
  '2026_11_30_1000_upload_stored_bytes': uploadStoredBytes,
  '2026_11_30_1100_readers_mail': readersMail,
  '2026_11_30_1200_article_revisions': articleRevisions,
  '2026_11_30_1300_moderation': moderation,
  '2026_11_30_1400_image_alt_cover': imageAltCover,
  '2026_11_30_1500_article_autosave': articleAutosave,
  '2026_11_30_1600_newsroom': newsroom,
  '2026_12_02_1150_comment_count_seen': commentCountSeen,
  '2026_12_02_1210_article_field_snapshots': articleFieldSnapshots,
  '2026_12_02_1220_article_subtitle': articleSubtitle,
  '2026_12_02_1300_imports': imports,
  '2026_12_02_1400_federation': federation,
  '2026_12_03_1000_fediverse_replies': fediverseReplies,
  '2026_12_03_1100_published_counts': publishedCounts,
};
