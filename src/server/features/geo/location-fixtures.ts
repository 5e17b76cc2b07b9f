/** Location tree (country > region > city, cities with approximate lat/lng); duplicate sibling names are removed at load time anyway. */

export interface LocationFixture {
  name: string;
  type: 'country' | 'region' | 'city';
  lat?: number;
  lng?: number;
  children?: LocationFixture[];
}

export const LOCATION_FIXTURES: LocationFixture[] = [
  {
    name: 'United States',
    type: 'country',
    children: [
      {
        name: 'California',
        type: 'region',
        children: [
          { name: 'Los Angeles', type: 'city', lat: 34.0522, lng: -118.2437 },
          { name: 'San Francisco', type: 'city', lat: 37.7749, lng: -122.4194 },
          { name: 'San Diego', type: 'city', lat: 32.7157, lng: -117.1611 },
        ],
      },
      {
        name: 'New York',
        type: 'region',
        children: [
          { name: 'New York City', type: 'city', lat: 40.7128, lng: -74.006 },
          { name: 'Buffalo', type: 'city', lat: 42.8864, lng: -78.8784 },
        ],
      },
      {
        name: 'Texas',
        type: 'region',
        children: [
          { name: 'Houston', type: 'city', lat: 29.7604, lng: -95.3698 },
          { name: 'Austin', type: 'city', lat: 30.2672, lng: -97.7431 },
          { name: 'Dallas', type: 'city', lat: 32.7767, lng: -96.797 },
        ],
      },
      {
        name: 'Illinois',
        type: 'region',
        children: [{ name: 'Chicago', type: 'city', lat: 41.8781, lng: -87.6298 }],
      },
    ],
  },
  {
    name: 'Canada',
    type: 'country',
    children: [
      {
        name: 'Ontario',
        type: 'region',
        children: [
          { name: 'Toronto', type: 'city', lat: 43.6532, lng: -79.3832 },
          { name: 'Ottawa', type: 'city', lat: 45.4215, lng: -75.6972 },
        ],
      },
      {
        name: 'Quebec',
        type: 'region',
        children: [
          { name: 'Montreal', type: 'city', lat: 45.5017, lng: -73.5673 },
          { name: 'Quebec City', type: 'city', lat: 46.8139, lng: -71.208 },
        ],
      },
      {
        name: 'British Columbia',
        type: 'region',
        children: [
          { name: 'Vancouver', type: 'city', lat: 49.2827, lng: -123.1207 },
          { name: 'Victoria', type: 'city', lat: 48.4284, lng: -123.3656 },
        ],
      },
    ],
  },
  {
    name: 'Mexico',
    type: 'country',
    children: [
      {
        name: 'Mexico City',
        type: 'region',
        children: [{ name: 'Mexico City', type: 'city', lat: 19.4326, lng: -99.1332 }],
      },
      {
        name: 'Jalisco',
        type: 'region',
        children: [{ name: 'Guadalajara', type: 'city', lat: 20.6597, lng: -103.3496 }],
      },
      {
        name: 'Nuevo León',
        type: 'region',
        children: [{ name: 'Monterrey', type: 'city', lat: 25.6866, lng: -100.3161 }],
      },
      {
        name: 'Quintana Roo',
        type: 'region',
        children: [{ name: 'Cancún', type: 'city', lat: 21.1619, lng: -86.8515 }],
      },
    ],
  },
  {
    name: 'Brazil',
    type: 'country',
    children: [
      {
        name: 'São Paulo',
        type: 'region',
        children: [
          { name: 'São Paulo', type: 'city', lat: -23.5505, lng: -46.6333 },
          { name: 'Campinas', type: 'city', lat: -22.9099, lng: -47.0626 },
        ],
      },
      {
        name: 'Rio de Janeiro',
        type: 'region',
        children: [{ name: 'Rio de Janeiro', type: 'city', lat: -22.9068, lng: -43.1729 }],
      },
      {
        name: 'Federal District',
        type: 'region',
        children: [{ name: 'Brasília', type: 'city', lat: -15.7939, lng: -47.8828 }],
      },
      {
        name: 'Bahia',
        type: 'region',
        children: [{ name: 'Salvador', type: 'city', lat: -12.9777, lng: -38.5016 }],
      },
    ],
  },
  {
    name: 'United Kingdom',
    type: 'country',
    children: [
      {
        name: 'England',
        type: 'region',
        children: [
          { name: 'London', type: 'city', lat: 51.5074, lng: -0.1278 },
          { name: 'Manchester', type: 'city', lat: 53.4808, lng: -2.2426 },
          { name: 'Birmingham', type: 'city', lat: 52.4862, lng: -1.8904 },
        ],
      },
      {
        name: 'Scotland',
        type: 'region',
        children: [
          { name: 'Edinburgh', type: 'city', lat: 55.9533, lng: -3.1883 },
          { name: 'Glasgow', type: 'city', lat: 55.8642, lng: -4.2518 },
        ],
      },
      {
        name: 'Wales',
        type: 'region',
        children: [{ name: 'Cardiff', type: 'city', lat: 51.4816, lng: -3.1791 }],
      },
      {
        name: 'Northern Ireland',
        type: 'region',
        children: [{ name: 'Belfast', type: 'city', lat: 54.5973, lng: -5.9301 }],
      },
    ],
  },
  {
    name: 'France',
    type: 'country',
    children: [
      {
        name: 'Île-de-France',
        type: 'region',
        children: [{ name: 'Paris', type: 'city', lat: 48.8566, lng: 2.3522 }],
      },
      {
        name: "Provence-Alpes-Côte d'Azur",
        type: 'region',
        children: [
          { name: 'Marseille', type: 'city', lat: 43.2965, lng: 5.3698 },
          { name: 'Nice', type: 'city', lat: 43.7102, lng: 7.262 },
        ],
      },
      {
        name: 'Auvergne-Rhône-Alpes',
        type: 'region',
        children: [{ name: 'Lyon', type: 'city', lat: 45.764, lng: 4.8357 }],
      },
      {
        name: 'Occitanie',
        type: 'region',
        children: [{ name: 'Toulouse', type: 'city', lat: 43.6047, lng: 1.4442 }],
      },
    ],
  },
  {
    name: 'Germany',
    type: 'country',
    children: [
      {
        name: 'Berlin',
        type: 'region',
        children: [{ name: 'Berlin', type: 'city', lat: 52.52, lng: 13.405 }],
      },
      {
        name: 'Bavaria',
        type: 'region',
        children: [
          { name: 'Munich', type: 'city', lat: 48.1351, lng: 11.582 },
          { name: 'Nuremberg', type: 'city', lat: 49.4521, lng: 11.0767 },
        ],
      },
      {
        name: 'Hesse',
        type: 'region',
        children: [{ name: 'Frankfurt', type: 'city', lat: 50.1109, lng: 8.6821 }],
      },
      {
        name: 'North Rhine-Westphalia',
        type: 'region',
        children: [
          { name: 'Cologne', type: 'city', lat: 50.9375, lng: 6.9603 },
          { name: 'Düsseldorf', type: 'city', lat: 51.2277, lng: 6.7735 },
        ],
      },
    ],
  },
  {
    name: 'Spain',
    type: 'country',
    children: [
      {
        name: 'Community of Madrid',
        type: 'region',
        children: [{ name: 'Madrid', type: 'city', lat: 40.4168, lng: -3.7038 }],
      },
      {
        name: 'Catalonia',
        type: 'region',
        children: [{ name: 'Barcelona', type: 'city', lat: 41.3874, lng: 2.1686 }],
      },
      {
        name: 'Andalusia',
        type: 'region',
        children: [
          { name: 'Seville', type: 'city', lat: 37.3891, lng: -5.9845 },
          { name: 'Málaga', type: 'city', lat: 36.7213, lng: -4.4214 },
        ],
      },
      {
        name: 'Valencian Community',
        type: 'region',
        children: [{ name: 'Valencia', type: 'city', lat: 39.4699, lng: -0.3763 }],
      },
    ],
  },
  {
    name: 'Nigeria',
    type: 'country',
    children: [
      {
        name: 'Lagos State',
        type: 'region',
        children: [{ name: 'Lagos', type: 'city', lat: 6.5244, lng: 3.3792 }],
      },
      {
        name: 'Federal Capital Territory',
        type: 'region',
        children: [{ name: 'Abuja', type: 'city', lat: 9.0765, lng: 7.3986 }],
      },
      {
        name: 'Kano State',
        type: 'region',
        children: [{ name: 'Kano', type: 'city', lat: 12.0022, lng: 8.592 }],
      },
      {
        name: 'Rivers State',
        type: 'region',
        children: [{ name: 'Port Harcourt', type: 'city', lat: 4.8156, lng: 7.0498 }],
      },
    ],
  },
  {
    name: 'Kenya',
    type: 'country',
    children: [
      {
        name: 'Nairobi County',
        type: 'region',
        children: [{ name: 'Nairobi', type: 'city', lat: -1.2921, lng: 36.8219 }],
      },
      {
        name: 'Mombasa County',
        type: 'region',
        children: [{ name: 'Mombasa', type: 'city', lat: -4.0435, lng: 39.6682 }],
      },
      {
        name: 'Kisumu County',
        type: 'region',
        children: [{ name: 'Kisumu', type: 'city', lat: -0.0917, lng: 34.768 }],
      },
    ],
  },
  {
    name: 'South Africa',
    type: 'country',
    children: [
      {
        name: 'Gauteng',
        type: 'region',
        children: [
          { name: 'Johannesburg', type: 'city', lat: -26.2041, lng: 28.0473 },
          { name: 'Pretoria', type: 'city', lat: -25.7479, lng: 28.2293 },
        ],
      },
      {
        name: 'Western Cape',
        type: 'region',
        children: [{ name: 'Cape Town', type: 'city', lat: -33.9249, lng: 18.4241 }],
      },
      {
        name: 'KwaZulu-Natal',
        type: 'region',
        children: [{ name: 'Durban', type: 'city', lat: -29.8587, lng: 31.0218 }],
      },
    ],
  },
  {
    name: 'India',
    type: 'country',
    children: [
      {
        name: 'Maharashtra',
        type: 'region',
        children: [
          { name: 'Mumbai', type: 'city', lat: 19.076, lng: 72.8777 },
          { name: 'Pune', type: 'city', lat: 18.5204, lng: 73.8567 },
        ],
      },
      {
        name: 'Delhi',
        type: 'region',
        children: [{ name: 'New Delhi', type: 'city', lat: 28.6139, lng: 77.209 }],
      },
      {
        name: 'Karnataka',
        type: 'region',
        children: [{ name: 'Bengaluru', type: 'city', lat: 12.9716, lng: 77.5946 }],
      },
      {
        name: 'Tamil Nadu',
        type: 'region',
        children: [{ name: 'Chennai', type: 'city', lat: 13.0827, lng: 80.2707 }],
      },
    ],
  },
  {
    name: 'Japan',
    type: 'country',
    children: [
      {
        name: 'Tokyo',
        type: 'region',
        children: [{ name: 'Tokyo', type: 'city', lat: 35.6762, lng: 139.6503 }],
      },
      {
        name: 'Osaka',
        type: 'region',
        children: [{ name: 'Osaka', type: 'city', lat: 34.6937, lng: 135.5023 }],
      },
      {
        name: 'Kyoto',
        type: 'region',
        children: [{ name: 'Kyoto', type: 'city', lat: 35.0116, lng: 135.7681 }],
      },
      {
        name: 'Hokkaido',
        type: 'region',
        children: [{ name: 'Sapporo', type: 'city', lat: 43.0618, lng: 141.3545 }],
      },
    ],
  },
  {
    name: 'Australia',
    type: 'country',
    children: [
      {
        name: 'New South Wales',
        type: 'region',
        children: [
          { name: 'Sydney', type: 'city', lat: -33.8688, lng: 151.2093 },
          { name: 'Newcastle', type: 'city', lat: -32.9283, lng: 151.7817 },
        ],
      },
      {
        name: 'Victoria',
        type: 'region',
        children: [{ name: 'Melbourne', type: 'city', lat: -37.8136, lng: 144.9631 }],
      },
      {
        name: 'Queensland',
        type: 'region',
        children: [
          { name: 'Brisbane', type: 'city', lat: -27.4698, lng: 153.0251 },
          { name: 'Gold Coast', type: 'city', lat: -28.0167, lng: 153.4 },
        ],
      },
      {
        name: 'Western Australia',
        type: 'region',
        children: [{ name: 'Perth', type: 'city', lat: -31.9505, lng: 115.8605 }],
      },
    ],
  },
];
