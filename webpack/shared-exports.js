// The exports apps may use from the shared singletons that are tree-shaken. Every app builds
// the same subset, so whichever app provides the singleton at run time has what every other
// app needs; ESLint's no-restricted-imports reads this same list, so code cannot use an export
// that is not here. Add an export here when you need it.
module.exports = {
  'react-router-dom': [
    'BrowserRouter',
    'MemoryRouter',
    'Routes',
    'Route',
    'Link',
    'NavLink',
    'Navigate',
    'matchRoutes',
    'matchPath',
    'useLocation',
    'useNavigate',
    'useParams',
    'useSearchParams',
  ],
  '@reduxjs/toolkit': [
    'configureStore',
    'combineSlices',
    'createSlice',
    'createSelector',
    'createAsyncThunk',
    'createAction',
    'isAnyOf',
    'nanoid',
    // The shell adds middleware (live queries' sign-out) only where it is used.
    'createDynamicMiddleware',
  ],
  'react-i18next': ['useTranslation', 'initReactI18next'],
  'styled-components': [
    'default',
    'css',
    'keyframes',
    'createGlobalStyle',
    'ThemeProvider',
    'useTheme',
  ],
};
