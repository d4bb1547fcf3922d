// Test support: the device source the app gives components, the device's current data access.
import { getDataAccess } from '@/data/data-access';
import type { DeviceSource } from '../device-source';

export const appDeviceSource = async (): Promise<DeviceSource> => getDataAccess();
