/** US states (name, postal code) and the handful of countries market titles name most often. */
export const US_STATES: readonly (readonly [string, string])[] = [
  ['Alabama', 'AL'], ['Alaska', 'AK'], ['Arizona', 'AZ'], ['Arkansas', 'AR'], ['California', 'CA'], ['Colorado', 'CO'],
  ['Connecticut', 'CT'], ['Delaware', 'DE'], ['Florida', 'FL'], ['Georgia', 'GA'], ['Hawaii', 'HI'], ['Idaho', 'ID'],
  ['Illinois', 'IL'], ['Indiana', 'IN'], ['Iowa', 'IA'], ['Kansas', 'KS'], ['Kentucky', 'KY'], ['Louisiana', 'LA'],
  ['Maine', 'ME'], ['Maryland', 'MD'], ['Massachusetts', 'MA'], ['Michigan', 'MI'], ['Minnesota', 'MN'],
  ['Mississippi', 'MS'], ['Missouri', 'MO'], ['Montana', 'MT'], ['Nebraska', 'NE'], ['Nevada', 'NV'],
  ['New Hampshire', 'NH'], ['New Jersey', 'NJ'], ['New Mexico', 'NM'], ['New York', 'NY'], ['North Carolina', 'NC'],
  ['North Dakota', 'ND'], ['Ohio', 'OH'], ['Oklahoma', 'OK'], ['Oregon', 'OR'], ['Pennsylvania', 'PA'],
  ['Rhode Island', 'RI'], ['South Carolina', 'SC'], ['South Dakota', 'SD'], ['Tennessee', 'TN'], ['Texas', 'TX'],
  ['Utah', 'UT'], ['Vermont', 'VT'], ['Virginia', 'VA'], ['Washington', 'WA'], ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'], ['Wyoming', 'WY'],
];

export const COUNTRIES: readonly string[] = [
  'United States', 'United Kingdom', 'Canada', 'Mexico', 'Brazil', 'Argentina', 'Chile', 'Colombia', 'Peru', 'France',
  'Germany', 'Italy', 'Spain', 'Portugal', 'Netherlands', 'Belgium', 'Poland', 'Romania', 'Hungary', 'Czech Republic',
  'Austria', 'Switzerland', 'Sweden', 'Norway', 'Denmark', 'Finland', 'Ireland', 'Greece', 'Turkey', 'Russia', 'Ukraine',
  'Israel', 'Iran', 'Iraq', 'Syria', 'Lebanon', 'Saudi Arabia', 'Qatar', 'Egypt', 'India', 'Pakistan', 'China', 'Taiwan',
  'Japan', 'South Korea', 'North Korea', 'Australia', 'New Zealand', 'South Africa', 'Nigeria', 'Venezuela', 'Singapore',
  'Bolivia', 'Ecuador', 'Cuba', 'Greenland', 'Yemen', 'Panama', 'Belarus', 'Serbia', 'Afghanistan', 'Libya', 'Sudan', 'Thailand', 'Philippines', 'Indonesia', 'Vietnam', 'Gaza', 'Bahrain', 'Monaco', 'Azerbaijan',
];

/** Other names of the countries above that titles and sportsbooks use ("Czechia", "Holland", "Türkiye"). */
export const COUNTRY_OTHER_NAMES: Readonly<Record<string, readonly string[]>> = {
  'Czech Republic': ['Czechia'],
  Netherlands: ['Holland', 'The Netherlands'],
  Turkey: ['Türkiye', 'Turkiye'],
  'South Korea': ['Korea Republic'],
};

/**
 * The rest of the world's countries and a few nations and territories, each with the other names titles give it,
 * so "Papua New Guinea" is never "Guinea", "South Sudan" never "Sudan", "Niger" never "Nigeria". Read by the
 * matcher's entity reader only (not as ticker symbols). Left out on purpose: names that are mostly something else in
 * market titles (Georgia the US state, Jordan and Chad as people's names).
 */
export const OTHER_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  Albania: [], Algeria: [], Andorra: [], Angola: [], 'Antigua and Barbuda': [], Armenia: [], Bahamas: ['The Bahamas'],
  Bangladesh: [], Barbados: [], Belize: [], Benin: [], Bhutan: [], 'Bosnia and Herzegovina': ['Bosnia'], Botswana: [],
  Brunei: [], Bulgaria: [], 'Burkina Faso': [], Burundi: [], Cambodia: [], Cameroon: [], 'Cape Verde': ['Cabo Verde'],
  'Central African Republic': [], Comoros: [], 'Costa Rica': [], Croatia: [], Cyprus: [], Djibouti: [], Dominica: [],
  'Dominican Republic': [], 'East Timor': ['Timor-Leste'], 'El Salvador': [], 'Equatorial Guinea': [], Eritrea: [],
  Estonia: [], Eswatini: ['Swaziland'], Ethiopia: [], Fiji: [], Gabon: [], Gambia: ['The Gambia'], Ghana: [], Grenada: [],
  Guatemala: [], Guinea: [], 'Guinea-Bissau': [], Guyana: [], Haiti: [], Honduras: [], Iceland: [],
  'Ivory Coast': ["Côte d'Ivoire", "Cote d'Ivoire"], Jamaica: [], Kazakhstan: [], Kenya: [], Kiribati: [], Kosovo: [],
  Kuwait: [], Kyrgyzstan: [], Laos: [], Latvia: [], Lesotho: [], Liberia: [], Liechtenstein: [], Lithuania: [],
  Luxembourg: [], Madagascar: [], Malawi: [], Malaysia: [], Maldives: [], Mali: [], Malta: [], 'Marshall Islands': [],
  Mauritania: [], Mauritius: [], Micronesia: [], Moldova: [], Mongolia: [], Montenegro: [], Morocco: [], Mozambique: [],
  Myanmar: ['Burma'], Namibia: [], Nauru: [], Nepal: [], Nicaragua: [], Niger: [], 'North Macedonia': ['Macedonia'],
  Oman: [], Palau: [], Palestine: [], 'Papua New Guinea': [], Paraguay: [], Rwanda: [], 'Saint Lucia': [], Samoa: [],
  'San Marino': [], Senegal: [], Seychelles: [], 'Sierra Leone': [], Slovakia: [], Slovenia: [], 'Solomon Islands': [],
  Somalia: [], 'South Sudan': [], 'Sri Lanka': [], Suriname: [], Tajikistan: [], Tanzania: [], Togo: [], Tonga: [],
  'Trinidad and Tobago': [], Tunisia: [], Turkmenistan: [], Tuvalu: [], Uganda: [], 'United Arab Emirates': [], Uruguay: [],
  Uzbekistan: [], Vanuatu: [], 'Vatican City': [], Zambia: [], Zimbabwe: [],
  'DR Congo': ['Democratic Republic of the Congo', 'Democratic Republic of Congo', 'DRC', 'Congo-Kinshasa'],
  'Republic of the Congo': ['Congo-Brazzaville', 'Republic of Congo'],
  'Northern Ireland': [], Scotland: [], Wales: [], 'Puerto Rico': [], 'Hong Kong': [], Macau: ['Macao'], 'West Bank': [],
};

/** Formula 1 Grand Prix symbol codes → the place a question names. */
export const GRAND_PRIX_CODES: Readonly<Record<string, string>> = {
  SGP: 'Singapore', USGP: 'United States', BGP: 'British', MGP: 'Monaco', AUSGP: 'Australian', JGP: 'Japanese',
  CGP: 'Chinese', MXGP: 'Mexico City', BRGP: 'Brazilian', LVGP: 'Las Vegas', AGP: 'Abu Dhabi', IGP: 'Italian',
};
