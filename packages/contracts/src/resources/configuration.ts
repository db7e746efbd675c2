import { CURRENCIES } from '../choices';
import { defineResource } from '../define-resource';
import { choice, type FieldDef, number, ref, text } from '../fields';
import { active, clientRef, groupRef, titleJoin } from './common';

const assetRef = (label: string): FieldDef => ref('asset', { label, parent: 'clientId' });
const color = (label: string): FieldDef => text({ label, required: true, format: 'color', max: 9 });

/** A client's theme and business settings (docs/domain.md#themes). */
export const configuration = defineResource({
  name: 'configuration',
  label: 'Configuration',
  fields: {
    groupId: groupRef(),
    clientId: clientRef(),
    backgroundColor: color('Background Color'),
    foregroundColor: color('Foreground Color'),
    primaryActionColor: color('Primary Action Color'),
    secondaryActionColor: color('Secondary Action Color'),
    successColor: color('Success Color'),
    warningColor: color('Warning Color'),
    dropdownColor: color('Dropdown Color'),
    primaryTextColor: color('Primary Text Color'),
    secondaryTextColor: color('Secondary Text Color'),
    // Uploaded images of this client (docs/domain.md#assets); none chosen shows Greenpod's artwork.
    primaryLogo: assetRef('Primary Logo'),
    secondaryLogo: assetRef('Secondary Logo'),
    favicon: assetRef('Favicon'),
    timeFrame: number({ label: 'Time Frame', required: true, int: true, min: 10, max: 60 }),
    alertLimit: number({ label: 'Alert Limit', required: true, int: true, min: 0, max: 1000 }),
    currency: choice(CURRENCIES, { label: 'Currency', required: true }),
    electricityTariff: number({ label: 'Electricity Tariff', required: true, min: 0, max: 1000 }),
    waterTariff: number({ label: 'Water Tariff', required: true, min: 0, max: 1000 }),
    // The whole bill: a fixed charge per day on top of the unit prices (docs/domain.md#consumption).
    standingCharge: number({ label: 'Standing Charge (per day)', min: 0, max: 100000 }),
    // kg CO2e per kWh; empty means the national factor of the location's country (docs/domain.md#consumption).
    gridFactor: number({ label: 'Grid Factor (kg CO2e per kWh)', min: 0, max: 5 }),
    notificationMargin: number({ label: 'Notification Margin', required: true, min: 0, max: 100 }),
    notificationCooldown: number({ label: 'Notification Cooldown', required: true, int: true, min: 0, max: 10080 }),
    active: active(),
  },
  joins: { groupTitle: titleJoin('groupId', 'Group'), clientTitle: titleJoin('clientId', 'Client') },
  list: ['groupTitle', 'clientTitle'],
  unique: ['clientId'],
  access: { read: 'admin' },
});
