import { BLOCK_CATALOGUE, findBlockType, implementsInterface, SYSTEM_BLOCK_TYPES } from './catalogue';
import { Field, FieldMap } from './fields';
import { BLOCK_INTERFACES } from './interfaces';

/** The catalogue of docs/blocks.md, field by field (Q quantity, L link, RO readonly, S stored, G logged). */
const DOCUMENTED_FIELDS: Record<string, string[]> = {
  SysInfo: [
    'deviceId string RO',
    'version string RO',
    'uptime Q second RO G',
    'updatesPerSecond number RO G',
    'tempUnit enum TEMP_CELSIUS|TEMP_FAHRENHEIT S',
    'timeZone string S',
  ],
  OnboardPins: ['channels array RO of {id number RO, claimedBy L Any RO}', 'enableIoSupply12V bool S'],
  TempSensorMock: [
    'value Q degC RO G',
    'connected bool S G',
    'setting Q degC S',
    'fluctuations array S of {amplitude Q delta_degC, period Q second}',
  ],
  TempSensorOneWire: ['value Q degC RO G', 'offset Q delta_degC S', 'address string S'],
  TempSensorExternal: [
    'enabled bool S',
    'timeout Q second S',
    'setting Q degC S G',
    'lastUpdated string RO',
    'value Q degC RO G',
  ],
  DS2413: ['address string S', 'connected bool RO G', 'channels array RO of {id number RO, claimedBy L Any RO}'],
  SetpointSensorPair: [
    'enabled bool S G',
    'sensorId L TempSensorInterface S',
    'storedSetting Q degC S G',
    'setting Q degC RO G',
    'value Q degC RO G',
    'valueUnfiltered Q degC RO G',
    'filter enum FILTER_NONE|FILTER_15s|FILTER_45s|FILTER_90s|FILTER_3m|FILTER_10m|FILTER_30m S',
    'filterThreshold Q delta_degC S',
    'claimedBy L Any RO',
  ],
  ActuatorPwm: [
    'enabled bool S G',
    'actuatorId L ActuatorDigitalInterface S',
    'storedSetting number S G',
    'setting number RO G',
    'value number RO G',
    'period Q second S',
    'minSetting number S',
    'maxSetting number S',
    'claimedBy L Any RO',
  ],
  ActuatorOffset: [
    'enabled bool S G',
    'targetId L SetpointSensorPairInterface S',
    'referenceId L SetpointSensorPairInterface S',
    'storedSetting Q delta_degC S G',
    'setting Q delta_degC RO G',
    'value Q delta_degC RO G',
    'referenceSettingOrValue enum REF_SETTING|REF_VALUE S',
    'claimedBy L Any RO',
  ],
  DigitalActuator: [
    'hwDevice L IoArrayInterface S',
    'channel number S',
    'storedState enum STATE_INACTIVE|STATE_ACTIVE S G',
    'state enum STATE_INACTIVE|STATE_ACTIVE RO G',
    'invert bool S',
    'minOnTime Q second S',
    'minOffTime Q second S',
    'claimedBy L Any RO',
  ],
  Pid: [
    'enabled bool S G',
    'active bool RO G',
    'inputId L SetpointSensorPairInterface S',
    'outputId L ActuatorAnalogInterface S',
    'kp Q 1 / degC S',
    'ti Q second S',
    'td Q second S',
    'inputValue Q degC RO G',
    'inputSetting Q degC RO G',
    'error Q delta_degC RO G',
    'p number RO G',
    'i number RO G',
    'd number RO G',
    'outputSetting number RO G',
    'outputValue number RO G',
    'integral number RO G',
    'derivative number RO G',
    'integralReset number',
  ],
};

/** The interfaces table of docs/blocks.md. */
const DOCUMENTED_INTERFACES: Record<string, string[]> = {
  TempSensorInterface: ['TempSensorMock', 'TempSensorOneWire', 'TempSensorExternal'],
  SetpointSensorPairInterface: ['SetpointSensorPair'],
  ActuatorAnalogInterface: ['ActuatorPwm', 'ActuatorOffset'],
  ActuatorDigitalInterface: ['DigitalActuator'],
  IoArrayInterface: ['OnboardPins', 'DS2413'],
  Any: Object.keys(DOCUMENTED_FIELDS),
};

function notation(name: string, declared: Field): string {
  const flags = [declared.readonly && 'RO', declared.stored && 'S', declared.logged && 'G'].filter(Boolean);
  return [name, kindNotation(declared), ...flags].join(' ');
}

function kindNotation(declared: Field): string {
  switch (declared.kind) {
    case 'quantity':
      return `Q ${declared.unit}`;
    case 'link':
      return `L ${declared.interface}`;
    case 'enum':
      return `enum ${declared.values.join('|')}`;
    case 'array':
      return `array${declared.readonly ? ' RO' : ''}${declared.stored ? ' S' : ''} of {${fieldsNotation(declared.items).join(', ')}}`;
    default:
      return declared.kind;
  }
}

function fieldsNotation(fields: FieldMap): string[] {
  return Object.entries(fields).map(([name, declared]) =>
    declared.kind === 'array' ? `${name} ${kindNotation(declared)}` : notation(name, declared),
  );
}

describe('BLOCK_CATALOGUE', () => {
  it('holds exactly the block types of docs/blocks.md', () => {
    expect([...BLOCK_CATALOGUE.keys()].sort()).toEqual(Object.keys(DOCUMENTED_FIELDS).sort());
  });

  it.each(Object.entries(DOCUMENTED_FIELDS))(
    'declares the fields of %s with the documented kinds, units, interfaces and flags',
    (name, fields) => {
      expect(fieldsNotation((findBlockType(name) ?? { fields: {} }).fields)).toEqual(fields);
    },
  );

  it('marks SystemInfo (nid 2) and OnboardPins (nid 19) as system blocks', () => {
    expect(SYSTEM_BLOCK_TYPES.map((type) => [type.name, type.system])).toEqual([
      ['SysInfo', { id: 'SystemInfo', nid: 2 }],
      ['OnboardPins', { id: 'OnboardPins', nid: 19 }],
    ]);
  });

  it('marks the OneWire sensor and the DS2413 as found by discovery', () => {
    const discoverable = [...BLOCK_CATALOGUE.values()].filter((type) => type.discoverable).map((type) => type.name);
    expect(discoverable).toEqual(['TempSensorOneWire', 'DS2413']);
  });

  it('gives the IO modules their channels, numbered from 1 and unclaimed', () => {
    expect(findBlockType('OnboardPins')?.fields['channels']).toMatchObject({
      default: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }],
    });
    expect(findBlockType('DS2413')?.fields['channels']).toMatchObject({ default: [{ id: 1 }, { id: 2 }] });
  });

  it('does not know a type that is not declared', () => {
    expect(findBlockType('FermentationWizard')).toBeUndefined();
  });
});

describe(implementsInterface.name, () => {
  it.each(BLOCK_INTERFACES.map((iface) => [iface]))(
    'finds the implementations of %s that docs/blocks.md lists',
    (iface) => {
      const implementations = [...BLOCK_CATALOGUE.keys()].filter((type) => implementsInterface(type, iface));
      expect(implementations.sort()).toEqual([...DOCUMENTED_INTERFACES[iface]].sort());
    },
  );

  it('lets a link name a type itself as well as an interface', () => {
    expect(implementsInterface('TempSensorMock', 'TempSensorMock')).toBe(true);
    expect(implementsInterface('TempSensorMock', 'TempSensorOneWire')).toBe(false);
  });

  it('refuses an unknown type, even for Any', () => {
    expect(implementsInterface('FermentationWizard', 'Any')).toBe(false);
  });
});
