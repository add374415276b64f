/**
 * Who acts on whom, and names inside longer names. Labels by reading each pair: a suit of Musk against OpenAI is
 * not OpenAI's suit against Musk, an acquisition of Discord by Microsoft is not the reverse, and "Papua New Guinea"
 * or "Bitcoin Cash" are other subjects than "Guinea" or "Bitcoin" (each resolves on its own facts).
 */
import test from 'ava';
import { verifyPair } from '../../pipeline/matching/verifier/index.ts';
import type { MarketRef } from '../../pipeline/matching/verifier/index.ts';

const market = (venue: string, title: string, end_date = '2026-12-31'): MarketRef => ({ venue, title, outcome: 'Yes', end_date, category: '' });
const rel = (a: string, b: string): string => verifyPair(market('polymarket', a), market('kalshi', b)).relation;

test('the same two parties in swapped roles are different questions, for any verb that acts on the other party', (t) => {
  t.is(rel('Will Elon Musk sue OpenAI in 2026?', 'Will OpenAI sue Elon Musk in 2026?'), 'different');
  t.is(rel('Will Trump fire Powell in 2026?', 'Will Powell fire Trump in 2026?'), 'different');
  t.is(rel('Will the US impose new tariffs on China by December 31, 2026?', 'China imposes new tariffs on the US by Dec 31, 2026?'), 'different');
  t.is(rel('Will Solana flip Ethereum by market cap in 2026?', 'Will Ethereum flip Solana by market cap in 2026?'), 'different');
  // The same roles in other words are still one question.
  t.is(rel('Will Elon Musk sue OpenAI in 2026?', 'Elon Musk sues OpenAI in 2026?'), 'identity');
});

test('the passive voice puts the agent after "by": the roles are read back in the active order', (t) => {
  t.is(rel('Will Netflix acquire Warner Bros. Discovery in 2026?', 'Will Netflix be acquired by Warner Bros. Discovery in 2026?'), 'different');
  t.is(rel('Will Warner Bros. Discovery acquire Netflix in 2026?', 'Will Netflix be acquired by Warner Bros. Discovery in 2026?'), 'identity');
});

test('a passive with no agent ("be acquired") is paid by any agent: broader than one naming the acquirer', (t) => {
  t.is(rel('Will Perplexity be acquired in 2026?', 'Apple acquires Perplexity in 2026?'), 'different');
  t.is(rel('Will Perplexity be acquired by Apple in 2026?', 'Apple acquires Perplexity in 2026?'), 'identity');
  // A deadline after "by" is no agent.
  t.is(rel('Will Perplexity be acquired by June 30, 2026?', 'Perplexity acquired before July 2026?'), 'identity');
});

test('"will there be a <thing>" is paid by anyone: not the market naming who does it', (t) => {
  const on = (a: string, b: string, end: string): string => verifyPair(market('polymarket', a, end), market('kalshi', b, end)).relation;
  t.is(on('Will there be a dissent at the June 2026 FOMC meeting?', 'Will Stephen Miran dissent at the June 2026 FOMC meeting?', '2026-06-17'), 'different');
  t.is(on('Will there be a dissent at the Jan 2026 FOMC meeting?', 'Any dissent at the January Fed meeting?', '2026-01-28'), 'identity');
  t.is(on('Magnitude 8.0+ earthquake by June 30?', 'Will there be an earthquake of magnitude 8.0 or higher before Jul 1, 2026?', '2026-06-30'), 'identity');
});

test('a country named inside a longer country name is another country', (t) => {
  t.is(rel('Will Guinea hold elections in 2026?', 'Will Papua New Guinea hold elections in 2026?'), 'different');
  t.is(rel('Will Sudan sign a peace deal in 2026?', 'Will South Sudan sign a peace deal in 2026?'), 'different');
  t.is(rel('Will Niger expel French troops in 2026?', 'Will Nigeria expel French troops in 2026?'), 'different');
  t.is(rel('Will Ireland hold a border poll in 2026?', 'Will Northern Ireland hold a border poll in 2026?'), 'different');
  // Its other names still meet it, and a hyphenated pair of countries is still two parties.
  t.is(rel('Will the Democratic Republic of the Congo hold elections in 2026?', 'Will the DRC hold elections in 2026?'), 'identity');
  t.is(rel('Will there be a war between Morocco and Algeria before 2034?', 'Morocco-Algeria war before 2034?'), 'identity');
});

test('a coin named after a bigger one is another asset, whatever the level', (t) => {
  t.is(rel('Will Bitcoin Cash be above $1,000 on December 31?', 'Bitcoin above $1,000 on Dec 31, 2026?'), 'different');
  t.is(rel('Will Wrapped Bitcoin be above $100,000 on December 31?', 'Bitcoin above $100,000 on Dec 31, 2026?'), 'different');
  t.is(rel('Will Ethereum Classic be above $50 on December 31?', 'Ethereum above $50 on Dec 31, 2026?'), 'different');
  t.is(rel('Will Bitcoin be above $100,000 on December 31?', 'BTC above $100,000 on Dec 31, 2026?'), 'identity');
});

test('a level in Celsius is compared with one in Fahrenheit as the temperature it is', (t) => {
  const paris = (outcome: string): MarketRef => ({ venue: 'kalshi', title: 'Paris high temp on Jul 14, 2026?', outcome, end_date: '2026-07-14', category: 'weather' });
  const celsius = market('polymarket', 'Will the highest temperature in Paris be above 30°C on July 14?', '2026-07-14');
  // 30 °C is 86 °F (30 × 9/5 + 32): the same level; 30 °F is another.
  t.is(verifyPair(celsius, paris('Above 86°F')).relation, 'identity');
  t.is(verifyPair(celsius, paris('Above 30°F')).relation, 'different');
});

test('scope: anyone in a role against one named holder, every occasion against any, the top of one region against the world', (t) => {
  t.is(rel('Will any Supreme Court justice retire in 2026?', 'Will Clarence Thomas retire from the Supreme Court in 2026?'), 'different');
  t.is(rel('Will the Fed cut rates at every meeting in 2026?', 'Will the Fed cut rates at any meeting in 2026?'), 'different');
  t.is(rel('Will Elon Musk be the richest person in the world on December 31, 2026?', 'Will Elon Musk be the richest person in the US on Dec 31, 2026?'), 'different');
  t.is(rel('Will Tesla be the best-selling EV brand in China in 2026?', 'Will Tesla be the best-selling EV brand worldwide in 2026?'), 'different');
  // A ranking that names no region is the world's; "in June" says when, not where.
  t.is(rel('Will Elon Musk be the richest person in the world on December 31, 2026?', 'Will Elon Musk be the richest person on Dec 31, 2026?'), 'identity');
  t.is(rel('Will Nvidia be the largest company in the world on December 31, 2026?', 'Will Nvidia be the largest company in December 2026?'), rel('Will Nvidia be the largest company on December 31, 2026?', 'Will Nvidia be the largest company in December 2026?'));
});

test('an acronym after a company\'s name is no surname: one company\'s IPO is not another\'s', (t) => {
  const r = (a: string, b: string) => verifyPair({ venue: 'kalshi', title: a, outcome: 'Yes', end_date: '2027-12-31', category: 'finance' }, { venue: 'polymarket', title: b, outcome: 'Yes', end_date: '2027-12-31', category: 'finance' }).relation;
  t.is(r('OpenAI IPO by December 31, 2027?', 'Anthropic IPO by December 31, 2027?'), 'different');
  t.is(r('SpaceX IPO by December 31, 2027?', 'Will Starlink IPO by December 31, 2027?'), 'different');
  t.is(r('Anthropic IPO by December 31, 2027?', 'Will Anthropic IPO before 2028?'), 'identity');
});

test('a deputy is not the leader, and the second-largest is not the largest', (t) => {
  t.is(verifyPair(market('polymarket', 'Will Angela Rayner be the next Labour Party leader?'), { ...market('kalshi', 'Who will be the next deputy leader of the Labour Party?'), outcome: 'Angela Rayner' }).relation, 'different');
  t.is(verifyPair({ ...market('kalshi', 'Largest company end of 2026?'), outcome: 'NVIDIA' }, { ...market('polymarket', 'Second-largest company by market cap on Dec 31, 2026?'), outcome: 'Nvidia' }).relation, 'different');
  t.is(verifyPair({ ...market('kalshi', 'Largest company end of 2026?'), outcome: 'NVIDIA' }, market('polymarket', 'Will Nvidia be the largest company by market cap on Dec 31, 2026?')).relation, 'identity');
});

test('"Not before 2028" on a when-will-they-leave market is not leaving by then; a CEO\'s post is not a board seat', (t) => {
  const k = (title: string, outcome: string): MarketRef => ({ venue: 'kalshi', title, outcome, end_date: '2027-12-31', category: 'politics' });
  t.is(verifyPair(k('When will Anthony Albanese leave office as Prime Minister?', 'Not before 2028'), market('polymarket', 'Albanese out as Australian Prime Minister by December 31, 2027?', '2027-12-31')).relation, 'complement');
  t.is(verifyPair(k('When will Anthony Albanese leave office as Prime Minister?', 'Before 2028'), market('polymarket', 'Albanese out as Australian Prime Minister by December 31, 2027?', '2027-12-31')).relation, 'identity');
  t.is(rel('Will Tim Cook leave Apple\'s board of directors before 2028?', 'Tim Cook out as Apple CEO by December 31, 2027?'), 'different');
});

test('one person written with a short given name, in the other order, with a hyphen dropped or a title in front', (t) => {
  t.is(rel('Kash Patel out as FBI Director by June 30, 2027?', 'Will Kashyap Patel leave the FBI director post by June 30, 2027?'), 'identity');
  t.is(rel('Sanae Takaichi out as Japan PM by June 30, 2027?', 'Will Takaichi Sanae leave office as Prime Minister of Japan before Jul 1, 2027?'), 'identity');
  t.is(rel('Lip-Bu Tan out as Intel CEO by December 31, 2027?', 'Will Lip Bu Tan leave the Intel CEO role before 2028?'), 'identity');
  t.is(rel('Will Friedrich Merz leave as Chancellor of Germany before 2028?', 'Bundeskanzler Merz out by December 31, 2027?'), 'identity');
  // A title is no given name, but a given name that is someone else's surname still tells two people apart.
  t.is(rel('Will Prince Harry attend the 2027 Wimbledon final?', 'Will Harry Kane attend the 2027 Wimbledon final?'), 'different');
  t.is(rel('Will Lisa Cook leave the Fed before 2028?', 'Will Tim Cook leave the Fed before 2028?'), 'different');
});

test('a rank is one rank however it is written: "second-largest" is "2nd largest"', (t) => {
  t.is(verifyPair({ ...market('kalshi', 'Second-largest company by market cap on Dec 31, 2026?'), outcome: 'Apple' }, market('polymarket', 'Will Apple be the 2nd largest company by market cap on December 31, 2026?')).relation, 'identity');
});

test('a leader by initials, a short form or another transliteration is that leader (MBS, NaMo, VDL, Zelenskiy, Lukashenka)', (t) => {
  t.is(rel('Will MBS become King of Saudi Arabia before 2028?', 'Will Mohammed bin Salman become King of Saudi Arabia before Jan 1, 2028?'), 'identity');
  t.is(rel('VDL out as European Commission President by December 31, 2027?', 'Will Ursula von der Leyen leave as President of the European Commission before 2028?'), 'identity');
  t.is(rel('Will Zelenskiy remain President of Ukraine through 2027?', 'Zelenskyy out as Ukraine President by December 31, 2027?'), 'complement');
  t.is(rel('Lukashenka out as President of Belarus by December 31, 2027?', 'Will Alexander Lukashenko leave office before 2028?'), 'identity');
  // Lower case is no acronym: "Mbs" is not read as the crown prince.
  t.not(rel('Will Mbs become King of Saudi Arabia before 2028?', 'Will Mohammed bin Salman become King of Saudi Arabia before Jan 1, 2028?'), 'complement');
});

test('the Secretary of War is the Secretary of Defense (the department\'s second name since 2025), and SecDef is both', (t) => {
  t.is(rel('Pete Hegseth out as Secretary of War by December 31, 2027?', 'Will Pete Hegseth leave as Secretary of Defense before Jan 1, 2028?'), 'identity');
  t.is(rel('Will Pete Hegseth remain SecDef through the end of 2027?', 'Pete Hegseth out as Secretary of War by December 31, 2027?'), 'complement');
  t.is(rel('Pete Hegseth out as Secretary of War by December 31, 2027?', 'Will Pete Hegseth leave as Secretary of State before Jan 1, 2028?'), 'different');
});

test('a name is not the start of a longer name: Meta is not Metaplanet, Ye is not Yeat; a short ending or a compound\'s end still reads as the name', (t) => {
  t.is(rel('Will Metaplanet buy bitcoin in December 2026?', 'Will Meta buy bitcoin in December 2026?'), 'different');
  t.is(rel('Will Ye have a #1 album on the Billboard 200 in 2027?', 'Will Yeat have a #1 album on the Billboard 200 in 2027?'), 'different');
  const dated = (a: string, b: string, end: string): string => verifyPair(market('polymarket', a, end), market('kalshi', b, end)).relation;
  t.is(dated('Will Nikki Glaser host the 84th Golden Globe Awards?', 'Will Nikki Glaser host the Golden Globes in 2027?', '2027-01-10'), 'identity');
  t.is(dated('Will Apple ship at least 250 million iPhones in 2027 (IDC)?', 'Apple iPhone shipments under 250M in 2027 (IDC)?', '2028-01-15'), 'complement');
});

test('a person under a nickname, stage name or initials is that person (Zuck, AMLO, Ye, Robert Prevost); a company\'s chairman is not its CEO', (t) => {
  const dated = (a: string, b: string, end: string): string => verifyPair(market('polymarket', a, end), market('kalshi', b, end)).relation;
  t.is(dated('Will Zuck step down as Meta CEO before 2028?', 'Will Mark Zuckerberg step down as CEO of Meta before 2028?', '2027-12-31'), 'identity');
  t.is(dated('Will Zuck step down as Meta CEO before 2028?', 'Will Mark Zuckerberg step down as Meta chairman before 2028?', '2027-12-31'), 'different');
  t.is(dated('Will Powell leave as Fed chairman before 2027?', 'Will Jerome Powell leave as Fed chair before 2027?', '2026-12-31'), 'identity');
  t.is(dated('AMLO indicted in 2027?', 'Will Andrés Manuel López Obrador be criminally charged in 2027?', '2027-12-31'), 'identity');
  t.is(dated('Will Robert Prevost visit Peru in 2027?', 'Will Pope Leo visit Peru in 2027?', '2027-12-31'), 'identity');
  t.is(dated('Will Kanye West release a new studio album before July 1, 2027?', 'Ye new studio album before July 2027?', '2027-06-30'), 'identity');
});

test('a company by brand, parent or ticker is one company: Google is Alphabet, META is Meta; Metaplanet is neither', (t) => {
  t.is(rel('Will Alphabet announce a stock split in 2027?', 'Will Google announce a stock split in 2027?'), 'identity');
  t.is(rel('Will GOOGL close above $300 on Dec 31, 2026?', 'Will Alphabet close above $300 on Dec 31, 2026?'), 'identity');
  t.is(rel('Will Amazon announce a stock split in 2027?', 'Will Alphabet announce a stock split in 2027?'), 'different');
  t.is(rel('Will Metaplanet buy bitcoin in December 2026?', 'Will Meta Platforms buy bitcoin in December 2026?'), 'different');
});
