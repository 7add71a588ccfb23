import { DEMO_OPERATOR, type DemoSeeder } from '@sensorium/core/server';
import type { ApplicationRepository } from './application-repository';
import type { EndCustomerRepository } from './end-customer-repository';

const DEMO = [
  {
    customer: 'Harbour Water Authority',
    apps: [
      { id: 'pump_station_north', name: 'North Pump Station', description: 'Pumps, tank levels and flow meters' },
      { id: 'reservoir_levels', name: 'Reservoir Levels', description: 'Ultrasonic level sensors on three reservoirs' },
    ],
  },
  {
    customer: 'Northwind Facilities',
    apps: [
      { id: 'office_tower_hvac', name: 'Office Tower HVAC', description: 'Air handling units and room climate' },
      { id: 'cold_store', name: 'Cold Store', description: 'Freezer temperatures and door contacts' },
      { id: 'parking_occupancy', name: 'Parking Occupancy', description: 'LoRaWAN bay sensors' },
    ],
  },
];

export function applicationsDemoSeeder(customers: EndCustomerRepository, applications: ApplicationRepository): DemoSeeder {
  return {
    id: 'applications.demo',
    async run() {
      for (const { customer, apps } of DEMO) {
        const { id: endCustomerId } = await customers.create(DEMO_OPERATOR, customer);
        for (const app of apps) await applications.create(DEMO_OPERATOR, { ...app, endCustomerId });
      }
    },
  };
}
