// The gazetteer's tables (read by gazetteer.ts): countries, sub-national regions, cities, blocs and
// the continent and "anywhere" words. Plain text rows, so adding a place is a one-line change that
// a reviewer can check at a glance; gazetteer.ts parses them once, at import.
import type { Continent } from './gazetteer';

// Country | continent | aliases (comma-separated, matched after normalisation).
export const COUNTRY_TABLE = `
United States|NA|us,usa,u s,u s a,united states of america,america
Canada|NA|
Mexico|NA|
Brazil|SA|brasil
Argentina|SA|
Chile|SA|
Colombia|SA|
Peru|SA|
Uruguay|SA|
United Kingdom|EU|uk,u k,gb,great britain,britain,england,scotland,wales,northern ireland
Ireland|EU|republic of ireland
France|EU|
Germany|EU|deutschland,de
Netherlands|EU|the netherlands,holland,nl
Belgium|EU|
Luxembourg|EU|
Switzerland|EU|ch,schweiz,suisse
Austria|EU|osterreich
Spain|EU|espana
Portugal|EU|
Italy|EU|italia
Greece|EU|
Denmark|EU|danmark
Sweden|EU|sverige
Norway|EU|norge
Finland|EU|suomi
Iceland|EU|
Estonia|EU|
Latvia|EU|
Lithuania|EU|
Poland|EU|polska
Czech Republic|EU|czechia
Hungary|EU|
Romania|EU|
Bulgaria|EU|
Croatia|EU|
Serbia|EU|
Ukraine|EU|
Turkey|EU|turkiye
Israel|AS|
United Arab Emirates|AS|uae,u a e,emirates
Saudi Arabia|AS|ksa
Qatar|AS|
Egypt|AF|
Morocco|AF|
Nigeria|AF|
Ghana|AF|
Kenya|AF|
Rwanda|AF|
South Africa|AF|rsa
India|AS|
Pakistan|AS|
Bangladesh|AS|
China|AS|prc
Hong Kong|AS|hk
Taiwan|AS|
Japan|AS|
South Korea|AS|korea,republic of korea
Singapore|AS|sg
Indonesia|AS|
Malaysia|AS|
Thailand|AS|
Vietnam|AS|viet nam
Philippines|AS|
Australia|OC|au
New Zealand|OC|nz
`;

// Sub-national regions: name | country | aliases. US states carry their postal codes.
export const REGION_TABLE = `
California|United States|ca,calif,bay area,silicon valley
New York State|United States|ny,new york state
Massachusetts|United States|ma
Washington State|United States|wa
Texas|United States|tx
Illinois|United States|il
Colorado|United States|co
Florida|United States|fl
Georgia US|United States|ga
District of Columbia|United States|dc,d c
Pennsylvania|United States|pa
Utah|United States|ut
North Carolina|United States|nc
Minnesota|United States|mn
Michigan|United States|mi
Oregon|United States|or
Arizona|United States|az
Tennessee|United States|tn
Ontario|Canada|on
British Columbia|Canada|bc
Quebec|Canada|qc
Alberta|Canada|ab
`;

// City | country | region (optional) | aliases. A name listed twice (Cambridge) resolves by the
// other parts of the location; without them the first row wins.
export const CITY_TABLE = `
San Francisco|United States|California|sf,san francisco bay area
Palo Alto|United States|California|
Mountain View|United States|California|
Menlo Park|United States|California|
San Jose|United States|California|
Oakland|United States|California|
Los Angeles|United States|California|la
Santa Monica|United States|California|
San Diego|United States|California|
New York|United States|New York State|nyc,new york city,brooklyn,manhattan
Boston|United States|Massachusetts|
Seattle|United States|Washington State|
Austin|United States|Texas|
Dallas|United States|Texas|
Houston|United States|Texas|
Chicago|United States|Illinois|
Denver|United States|Colorado|
Boulder|United States|Colorado|
Miami|United States|Florida|
Atlanta|United States|Georgia US|
Washington|United States|District of Columbia|washington dc
Philadelphia|United States|Pennsylvania|
Pittsburgh|United States|Pennsylvania|
Salt Lake City|United States|Utah|
Raleigh|United States|North Carolina|
Minneapolis|United States|Minnesota|
Detroit|United States|Michigan|
Portland|United States|Oregon|
Phoenix|United States|Arizona|
Nashville|United States|Tennessee|
Toronto|Canada|Ontario|
Waterloo|Canada|Ontario|
Ottawa|Canada|Ontario|
Vancouver|Canada|British Columbia|
Montreal|Canada|Quebec|
Calgary|Canada|Alberta|
Mexico City|Mexico||cdmx,ciudad de mexico
Guadalajara|Mexico||
Sao Paulo|Brazil||
Rio de Janeiro|Brazil||rio
Buenos Aires|Argentina||
Santiago|Chile||
Bogota|Colombia||
Medellin|Colombia||
Lima|Peru||
Montevideo|Uruguay||
London|United Kingdom||
Manchester|United Kingdom||
Cambridge|United Kingdom||
Oxford|United Kingdom||
Edinburgh|United Kingdom||
Bristol|United Kingdom||
Dublin|Ireland||
Paris|France||
Lyon|France||
Berlin|Germany||
Munich|Germany||munchen
Hamburg|Germany||
Frankfurt|Germany||
Cologne|Germany||koln
Amsterdam|Netherlands||
Rotterdam|Netherlands||
Eindhoven|Netherlands||
Brussels|Belgium||bruxelles
Luxembourg|Luxembourg||
Zurich|Switzerland||
Geneva|Switzerland||geneve
Lausanne|Switzerland||
Vienna|Austria||wien
Madrid|Spain||
Barcelona|Spain||
Valencia|Spain||
Lisbon|Portugal||lisboa
Porto|Portugal||
Milan|Italy||milano
Rome|Italy||roma
Turin|Italy||torino
Athens|Greece||
Copenhagen|Denmark||kobenhavn
Aarhus|Denmark||
Stockholm|Sweden||
Gothenburg|Sweden||goteborg
Oslo|Norway||
Helsinki|Finland||
Reykjavik|Iceland||
Tallinn|Estonia||
Riga|Latvia||
Vilnius|Lithuania||
Warsaw|Poland||warszawa
Krakow|Poland||
Prague|Czech Republic||praha
Budapest|Hungary||
Bucharest|Romania||
Sofia|Bulgaria||
Zagreb|Croatia||
Belgrade|Serbia||
Kyiv|Ukraine||kiev
Istanbul|Turkey||
Tel Aviv|Israel||tel aviv yafo
Jerusalem|Israel||
Haifa|Israel||
Dubai|United Arab Emirates||
Abu Dhabi|United Arab Emirates||
Riyadh|Saudi Arabia||
Doha|Qatar||
Cairo|Egypt||
Casablanca|Morocco||
Lagos|Nigeria||
Abuja|Nigeria||
Accra|Ghana||
Nairobi|Kenya||
Kigali|Rwanda||
Cape Town|South Africa||
Johannesburg|South Africa||joburg
Bangalore|India||bengaluru
Mumbai|India||bombay
Delhi|India||new delhi
Gurgaon|India||gurugram
Hyderabad|India||
Chennai|India||
Pune|India||
Karachi|Pakistan||
Lahore|Pakistan||
Dhaka|Bangladesh||
Beijing|China||
Shanghai|China||
Shenzhen|China||
Hangzhou|China||
Hong Kong|Hong Kong||
Taipei|Taiwan||
Tokyo|Japan||
Osaka|Japan||
Seoul|South Korea||
Busan|South Korea||
Singapore|Singapore||
Jakarta|Indonesia||
Kuala Lumpur|Malaysia||kl
Bangkok|Thailand||
Ho Chi Minh City|Vietnam||saigon,hcmc
Hanoi|Vietnam||
Manila|Philippines||
Sydney|Australia||
Melbourne|Australia||
Brisbane|Australia||
Auckland|New Zealand||
Wellington|New Zealand||
Cambridge|United States|Massachusetts|
`;

// Supranational blocs founders write as preferences: name | member countries | aliases.
export const BLOC_TABLE = `
Nordics|Denmark,Sweden,Norway,Finland,Iceland|nordic,nordic countries,scandinavia,scandinavian
Baltics|Estonia,Latvia,Lithuania|baltic,baltic states
Benelux|Netherlands,Belgium,Luxembourg|
DACH|Germany,Austria,Switzerland|
Iberia|Spain,Portugal|iberian peninsula
UK and Ireland|United Kingdom,Ireland|uk ireland,uk and ireland,british isles
Southern Europe|Spain,Portugal,Italy,Greece|
CEE|Poland,Czech Republic,Hungary,Romania,Bulgaria,Croatia,Serbia,Ukraine,Estonia,Latvia,Lithuania|central and eastern europe,eastern europe,central europe
Middle East|Israel,United Arab Emirates,Saudi Arabia,Qatar,Turkey,Egypt|mideast
MENA|Israel,United Arab Emirates,Saudi Arabia,Qatar,Turkey,Egypt,Morocco|middle east and north africa
GCC|United Arab Emirates,Saudi Arabia,Qatar|gulf,gulf states
Southeast Asia|Singapore,Indonesia,Malaysia,Thailand,Vietnam,Philippines|sea,asean,south east asia
APAC|India,Pakistan,Bangladesh,China,Hong Kong,Taiwan,Japan,South Korea,Singapore,Indonesia,Malaysia,Thailand,Vietnam,Philippines,Australia,New Zealand|asia pacific,asia pac
Latin America|Mexico,Brazil,Argentina,Chile,Colombia,Peru,Uruguay|latam,latin america and caribbean
Sub-Saharan Africa|Nigeria,Ghana,Kenya,Rwanda,South Africa|ssa,subsaharan africa
`;

export const CONTINENT_ALIASES: Record<string, Continent> = {
  europe: 'Europe',
  eu: 'Europe',
  european: 'Europe',
  'european union': 'Europe',
  emea: 'Europe',
  asia: 'Asia',
  africa: 'Africa',
  'pan african': 'Africa',
  'pan africa': 'Africa',
  'north america': 'North America',
  'south america': 'South America',
  oceania: 'Oceania',
  anz: 'Oceania',
};

export const ANYWHERE_KEYS = new Set(['global', 'globally', 'worldwide', 'world', 'anywhere', 'remote', 'international', 'no preference', 'any', 'everywhere']);
