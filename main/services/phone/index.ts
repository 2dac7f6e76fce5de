export { createPhoneService, type PhoneService, type PhoneServiceDeps } from './phone-service';
