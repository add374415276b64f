export { inferCategory, categoryFromTags, categoryFromTitle, type CategoryHints } from './inferCategory.ts';
