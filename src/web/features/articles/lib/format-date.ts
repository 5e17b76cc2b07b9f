// The server writes the same dates into the first paint of a page, so they live in the contract.
export { formatArticleDate, showCommentCount, showLatestEdit } from '@contract/article-dates';
