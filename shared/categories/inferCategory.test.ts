import test from 'ava';
import { categoryFromTags, categoryFromTitle, inferCategory } from './inferCategory.ts';

test('venue tags decide when they name a known category', (t) => {
  t.is(inferCategory({ tags: ['United States', 'Elections', 'Politics'], title: 'Democratic Presidential Nominee 2028' }), 'politics');
  t.is(inferCategory({ tags: ['Sports', 'NFL'], title: 'Will Mike Vrabel win NFL Coach of the Year?' }), 'sports');
});

test('a crypto keyword in the title beats generic finance tags', (t) => {
  t.is(
    inferCategory({ tags: ['Finance', 'Economy', 'Business', 'Crypto', 'Stocks'], title: 'MicroStrategy sells any Bitcoin by June 30, 2026?' }),
    'crypto',
  );
});

test('without tags the title keywords decide', (t) => {
  t.is(inferCategory({ title: 'Will Bitcoin reach $150,000 by December 31, 2026?' }), 'crypto');
  t.is(inferCategory({ title: 'Will Aidan Hutchinson be the 2025-2026 NFL Comeback Player of the Year?' }), 'sports');
  t.is(inferCategory({ title: 'Brazil unemployment below 6.3% for Q4 2025?' }), 'economics');
  t.is(inferCategory({ title: 'New Rihanna Album before GTA VI?' }), 'entertainment');
  t.is(inferCategory({ title: 'Which party will win the House in the 2026 election?' }), 'politics');
});

test('the fallback applies only when nothing matches, and defaults to other', (t) => {
  t.is(inferCategory({ title: 'Will Jesus Christ return?', fallback: 'politics' }), 'politics');
  t.is(inferCategory({ title: 'Will Jesus Christ return?' }), 'other');
  t.is(categoryFromTags(['All', 'Featured']), null);
  t.is(categoryFromTitle('Something unrelated'), null);
});

test('ties between title keywords go to politics before economics (a Fed chair nomination)', (t) => {
  t.is(inferCategory({ title: 'Whom will the President nominate next as Chairman of the Federal Reserve?', fallback: 'politics' }), 'politics');
});

test('Manifold group slugs are read like labels ("us-politics", "politics-default")', (t) => {
  t.is(categoryFromTags(['us-politics']), 'politics');
  t.is(categoryFromTags(['politics-default']), 'politics');
  t.is(inferCategory({ tags: ['crypto'], title: 'Will it happen by the end of 2026?' }), 'crypto');
});
