import type { BuildingKind, City } from './reading-model';

/** The demo estate as data: who the clients are, where they are, and what their rooms are called. */
export interface DemoLocation {
  code: string;
  title: string;
  city: City;
  country: string;
  address: string;
  latitude: number;
  longitude: number;
  contactName: string;
  contactNumber: string;
  areas: DemoArea[];
  /** LED lighting fitted (demoDates' measureFrom): its rooms use LED_FACTOR of their electricity from then on. */
  ledRetrofit?: boolean;
}

export interface DemoArea {
  title: string;
  pods: number;
  /** Pods fitted this many days before the seed's day: their history starts then (a refused baseline). */
  installedDaysAgo?: number;
  /** Its electricity tariff has no baseline period: the tariff method, against a fixed `value`. */
  tariffOnly?: boolean;
}

/** Electricity after the LED retrofit: 12 % less. */
export const LED_FACTOR = 0.88;
/** The area every location's outdoor pod is in, and the title of that pod. */
export const OUTDOOR_AREA = 'Outdoor';
export const outdoorPodTitle = (city: string) => `Outdoor — ${city}`;

export interface DemoClient {
  title: string;
  description: string;
  kind: BuildingKind;
  /** Identifier prefix of the client's pods, e.g. aurora-dxb-101. */
  prefix: string;
  currency: 'EUR' | 'USD' | 'AED' | 'GBP';
  electricityTariff: number;
  waterTariff: number;
  /** Per day, in `currency`. */
  standingCharge: number;
  /** kg CO2e per kWh (one per client: configuration is per client). */
  gridFactor: number;
  theme: Record<
    | 'background'
    | 'foreground'
    | 'primaryAction'
    | 'secondaryAction'
    | 'success'
    | 'warning'
    | 'dropdown'
    | 'primaryText'
    | 'secondaryText',
    string
  >;
  locations: DemoLocation[];
}

export const DEMO_GROUP = {
  title: 'Greenpod Demo',
  description: 'A hotel chain and a nursery chain streaming live readings',
};

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    title: 'Aurora Hotels',
    description: 'Boutique hotels in the Gulf and southern Europe',
    kind: 'hotel',
    prefix: 'aurora',
    currency: 'AED',
    electricityTariff: 0.38,
    waterTariff: 0.012,
    standingCharge: 2.5,
    // Demo figures, approximate: the mean of its hotels' grids weighted by their pods (3 Dubai, 2 London,
    // 2 Athens): UAE about 0.40 kg CO2e/kWh (IEA, 2023), UK 0.207 (DESNZ greenhouse gas conversion
    // factors 2024, electricity generated), Greece about 0.33 (EEA, 2023).
    gridFactor: 0.32,
    theme: {
      background: '#0f1b2d',
      foreground: '#18293f',
      primaryAction: '#d4a24c',
      secondaryAction: '#3c6e9f',
      success: '#3fb27f',
      warning: '#e8a33d',
      dropdown: '#22364f',
      primaryText: '#f4efe6',
      secondaryText: '#a9b6c8',
    },
    locations: [
      {
        code: 'dxb',
        title: 'Aurora Marina Dubai',
        city: 'Dubai',
        country: 'UAE',
        address: 'Al Marsa Street, Dubai Marina',
        latitude: 25.0805,
        longitude: 55.1403,
        contactName: 'Layla Haddad',
        contactNumber: '+971 4 555 0101',
        areas: [
          { title: 'Guest rooms', pods: 2 },
          { title: 'Lobby', pods: 1 },
        ],
      },
      {
        code: 'lon',
        title: 'Aurora Covent Garden',
        city: 'London',
        country: 'UK',
        address: '12 Floral Street, London WC2E',
        latitude: 51.5122,
        longitude: -0.1246,
        contactName: 'Oliver Hughes',
        contactNumber: '+44 20 7946 0102',
        areas: [
          { title: 'Guest rooms', pods: 1 },
          { title: 'Restaurant', pods: 1 },
        ],
        ledRetrofit: true,
      },
      {
        code: 'ath',
        title: 'Aurora Plaka Athens',
        city: 'Athens',
        country: 'Greece',
        address: '8 Adrianou Street, Athens 105 55',
        latitude: 37.9725,
        longitude: 23.7285,
        contactName: 'Eleni Papadopoulou',
        contactNumber: '+30 21 0555 0103',
        areas: [
          { title: 'Guest rooms', pods: 1 },
          { title: 'Rooftop bar', pods: 1 },
        ],
      },
    ],
  },
  {
    title: 'Little Acorns Nurseries',
    description: 'Day nurseries for children aged 0 to 5',
    kind: 'nursery',
    prefix: 'acorns',
    currency: 'EUR',
    electricityTariff: 0.21,
    waterTariff: 0.004,
    standingCharge: 0.6,
    // Demo figures, approximate: 4 pods on the UAE grid (about 0.40 kg CO2e/kWh, IEA, 2023) and 2 on
    // Portugal's (about 0.12, EEA, 2023).
    gridFactor: 0.31,
    theme: {
      background: '#f6f8f1',
      foreground: '#ffffff',
      primaryAction: '#4c8c3f',
      secondaryAction: '#f2b134',
      success: '#4c8c3f',
      warning: '#f08a24',
      dropdown: '#eef3e6',
      primaryText: '#1e2b1a',
      secondaryText: '#5f6e58',
    },
    locations: [
      {
        code: 'auh',
        title: 'Little Acorns Al Reem',
        city: 'Abu Dhabi',
        country: 'UAE',
        address: 'Reem Island, Abu Dhabi',
        latitude: 24.4989,
        longitude: 54.4059,
        contactName: 'Sara Al Mansoori',
        contactNumber: '+971 2 555 0201',
        areas: [
          { title: 'Baby room', pods: 1 },
          { title: 'Toddler room', pods: 1 },
        ],
      },
      {
        code: 'rak',
        title: 'Little Acorns Al Hamra',
        city: 'Ras al-Khaimah',
        country: 'UAE',
        address: 'Al Hamra Village, Ras al-Khaimah',
        latitude: 25.6947,
        longitude: 55.7819,
        contactName: 'Omar Khalil',
        contactNumber: '+971 7 555 0202',
        areas: [
          { title: 'Playroom', pods: 1 },
          { title: 'Nap room', pods: 1 },
        ],
      },
      {
        code: 'opo',
        title: 'Little Acorns Foz',
        city: 'Porto',
        country: 'Portugal',
        address: 'Rua do Passeio Alegre 40, Porto',
        latitude: 41.1496,
        longitude: -8.6755,
        contactName: 'Inês Carvalho',
        contactNumber: '+351 22 555 0203',
        areas: [
          { title: 'Preschool room', pods: 1, tariffOnly: true },
          // Opened five months ago: too little of its baseline period is measured for a model.
          { title: 'Garden room', pods: 1, installedDaysAgo: 150 },
        ],
      },
    ],
  },
];

/** Rules every demo pod gets, so alerts and notifications have something to show from day one. */
export const DEMO_RULES = [
  {
    type: 'TEMPERATURE',
    title: 'Room too warm',
    condition: 'greater',
    threshold: 26,
    severity: 'HIGH',
    action: 'Check the air conditioning',
  },
  {
    type: 'HUMIDITY',
    title: 'Humid room',
    condition: 'greater',
    threshold: 60,
    severity: 'MEDIUM',
    action: 'Ventilate the room',
  },
  {
    type: 'AIR_QUALITY',
    title: 'Stale air',
    condition: 'greater',
    threshold: 150,
    severity: 'LOW',
    action: 'Open a window or raise ventilation',
  },
] as const;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The demo's energy measure and baseline period, relative to the seed's day (so the demo runs any day):
 * the LED retrofit on the first of the month three months back, so three closed months follow it, and
 * the baseline the eight months before it (never older than the year of history). yyyy-MM-dd, UTC.
 */
export function demoDates(today: Date): { measureFrom: string; baselineFrom: string; baselineTo: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const measure = Date.UTC(y, m - 3, 1);
  return {
    measureFrom: isoDay(measure),
    baselineFrom: isoDay(Date.UTC(y, m - 11, 1)),
    baselineTo: isoDay(measure - 86_400_000),
  };
}
