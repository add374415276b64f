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

/** Formula 1 Grand Prix symbol codes → the place a question names. */
export const GRAND_PRIX_CODES: Readonly<Record<string, string>> = {
  SGP: 'Singapore', USGP: 'United States', BGP: 'British', MGP: 'Monaco', AUSGP: 'Australian', JGP: 'Japanese',
  CGP: 'Chinese', MXGP: 'Mexico City', BRGP: 'Brazilian', LVGP: 'Las Vegas', AGP: 'Abu Dhabi', IGP: 'Italian',
};
