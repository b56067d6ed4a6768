const path = require('node:path');
const base = require('../../jest.preset').projectConfig(__dirname);

// The app's pure modules run under Node: compiled to CommonJS, with the DOM types for their signatures.
module.exports = {
  ...base,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: {
          ...require(path.join(__dirname, 'tsconfig.json')).compilerOptions,
          module: 'commonjs',
          moduleResolution: 'node10',
          ignoreDeprecations: '6.0',
        },
      },
    ],
  },
};
