"""The catalogue of bad and awkward inputs, per algorithm (issue 9, "Bad input, faults and load").

Every case either gives a clear QgsProcessingException that names the
parameter and the fix, or a correct result; never a traceback, never a
partial output (the output folder stays empty, hidden working folders
included), and the inputs stay byte for byte as they were (SHA-256 of every
input file before and after). Cases run through the Processing API; a few
through the real qgis_process.

Cases already tested elsewhere are not repeated here: COVERED_ELSEWHERE
names the test that holds each of them, and a test checks those tests exist,
so this folder stays the one place to look.
"""

import re

from ..conftest import ROOT

# case -> the test that already covers it (tests/qgis/<file>::<test>[, ...])
COVERED_ELSEWHERE = {
    'laplaceperturbation: empty layer, all-null geometries, multipoints, polar geographic layer':
        'test_laplace_perturbation.py::test_bad_layers_are_refused_with_a_clear_message',
    'laplaceperturbation: EPSILON/DISTANCE 0, negative, NaN, inf; geographic METRIC_CRS':
        'test_laplace_perturbation.py::test_bad_parameters_are_refused_with_a_clear_message',
    'laplaceperturbation: some NULL and empty geometries':
        'test_laplace_perturbation.py::test_null_and_empty_geometries_are_skipped_and_counted',
    'laplaceperturbation: .shp output with a .qmd record sidecar':
        'test_laplace_perturbation.py::test_shapefile_output_gets_a_metadata_sidecar',
    'laplaceperturbation: cancelled run leaves no output':
        'test_laplace_perturbation.py::test_cancelled_run_leaves_no_output',
    'noisyzonecounts: invalid zone polygons':
        'zone_counts/test_inputs_and_outputs.py::test_invalid_zone_polygons_are_repaired_and_logged',
    'noisyzonecounts: overlapping zones':
        'zone_counts/test_inputs_and_outputs.py::test_overlapping_zones_are_refused_unless_allowed',
    'noisyzonecounts: points and zones in different CRSs':
        'zone_counts/test_inputs_and_outputs.py::test_points_in_another_crs_are_reprojected_and_logged',
    'noisyzonecounts: NULL user ids':
        'zone_counts/test_counts.py::test_user_bound_leaves_no_user_above_m_and_drops_null_users',
    'noisyzonecounts: bad MAX_CONTRIBUTIONS, TOP_K, DELTA, THRESHOLD, EPSILON 0, zone parameters':
        'zone_counts/test_inputs_and_outputs.py::test_bad_settings_are_refused_with_a_clear_message',
    'noisyzonecounts: cancelled run': 'zone_counts/test_inputs_and_outputs.py::test_cancelled_run_leaves_no_output',
    'noisyodflows: CSV of coordinates in another CRS':
        'od_flows/test_inputs.py::test_coordinate_table_in_lonlat_is_reprojected_to_the_zones',
    'noisyodflows: table without coordinate fields (CSV without geometry)':
        'od_flows/test_inputs.py::test_table_without_coordinate_fields_or_crs_is_refused',
    'noisyodflows: NULL and non-numeric coordinates':
        'od_flows/test_inputs.py::test_null_and_non_numeric_coordinates_are_counted',
    'noisyodflows: NULL user ids': 'od_flows/test_counts.py::test_user_level_bound_and_null_users_are_logged',
    'noisyodflows: no usable trip (empty, all-null)': 'od_flows/test_inputs.py::test_no_usable_trip_is_refused',
    'noisyodflows: too many zones for dense noise':
        'od_flows/test_inputs.py::test_too_many_noise_flows_are_refused_with_the_min_flow_that_fits',
    'noisyodflows: .xlsx matrix output': 'od_flows/test_outputs.py::test_qgis_process_with_lines',
    'noisyodflows: second output fails, neither written':
        'od_flows/test_outputs.py::test_failed_second_output_leaves_neither_output',
    'escapeanalysis: bad SCALES, REALIZATIONS, TARGET_ESCAPE, DISTANCE, layer types, no point in a zone':
        'test_escape_analysis.py::test_bad_input_is_refused_with_a_clear_message_and_no_output',
    'escapeanalysis: overlapping zones': 'test_escape_analysis.py::test_overlapping_zones_are_reported',
    'escapeanalysis: zones in a geographic CRS':
        'test_escape_analysis.py::test_zones_in_a_geographic_crs_use_metric_areas',
    'randomizedresponse: CSV without geometry':
        'test_randomized_response.py::test_table_without_geometry_k_ary_with_public_categories',
    'randomizedresponse: NULL values':
        'test_randomized_response.py::test_null_and_undeclared_values_are_reported_by_the_public_rule',
    'randomizedresponse: bad P_TRUTH/EPSILON/CATEGORIES/STRATA_FIELD':
        'test_randomized_response.py::test_bad_parameters_are_refused_clearly',
    'triprelocation: unknown and NULL zones':
        'test_trip_relocation.py::test_unknown_and_null_zones_are_reported_by_the_public_rule',
    'triprelocation: bad EPSILON, FLOOR, histogram': 'test_trip_relocation.py::test_bad_parameters_are_refused_clearly',
    'h3grid: polar, too large, bad RESOLUTION': 'test_h3grid.py::test_bad_extents_and_resolutions_are_refused_clearly',
    'ledger: corrupt ledger': 'privacy_report/test_ledger.py::test_a_corrupt_ledger_is_refused_and_kept',
    'ledger: BUDGET without LEDGER, bad PARTITION':
        'privacy_report/test_ledger.py::test_budget_without_ledger_and_bad_partition_are_refused',
    'privacyreport: neither LAYERS nor LEDGER': 'privacy_report/test_report.py::test_report_needs_layers_or_a_ledger',
    'outputs (issue 21): overwritten .shp kept its old .qix; .shp field names cut without a word':
        'test_destinations.py::test_overwriting_a_shapefile_removes_its_old_spatial_index_and_reports_cut_names',
    'outputs (issue 21): tripends failing on its second output left the first':
        'test_destinations.py::test_tripends_writes_both_outputs_or_neither',
    'outputs (issue 21): trajectories to .csv written without their lines':
        'test_destinations.py::test_trajectories_to_csv_keep_their_lines_as_wkt',
    'outputs (issue 21): ogr: layer of an existing GeoPackage, memory:, PostGIS refused':
        'test_destinations.py::test_a_layer_added_to_an_existing_geopackage_keeps_the_other_layers, '
        'test_destinations.py::test_a_memory_output_is_a_temporary_layer_with_its_record, '
        'test_postgres.py::test_a_release_into_postgis_is_opened_by_qgis_with_its_record',
    'outputs (issue 21): a failed PostGIS release left a table':
        'test_postgres.py::test_a_failed_release_into_postgis_leaves_no_table',
}


def test_cases_covered_elsewhere_exist():
    for case, where in COVERED_ELSEWHERE.items():
        for reference in where.split(", "):
            file, name = reference.split("::")
            text = (ROOT / "tests" / "qgis" / file).read_text(encoding="utf-8")
            assert re.search(rf"^def {re.escape(name)}\(", text, re.M), f"{case}: {reference} is gone"
