//! README, "When things go wrong": each guarantee and the tests that hold
//! it to its word (`module::test`, in tests/it). [`every_named_test_exists`]
//! checks that each named test is there, so the list cannot rot silently.
//! "(none)" marks a sentence without a test of its own.
//!
//! Exit status:
//! - 0, input replaced with a warning: cli::replacement_mode_replaces_and_warns_once_per_input
//! - 0 when the reader went away: cli::closed_stdout_pipe_ends_quietly, closed_pipe::the_bom_and_the_text_end_quietly
//! - 1 for conversion errors: cli::fatal_mode_stops_with_the_position_and_bytes, cli::unrepresentable_character_is_an_error_by_default, cli::check_answers_with_the_exit_status_only, safety::malformed_input_is_not_replaced_by_default_under_any_name
//! - 1 for I/O errors: cli::missing_file_and_directory_are_io_errors, faults::unreadable_input_is_an_io_error, faults::output_directory_not_writable_is_an_io_error, cli::dev_full_as_output_is_an_error, faults::exceeding_the_file_size_limit_is_a_write_error_not_a_signal
//! - 2 for usage errors: cli::conflicting_and_unknown_options, cli::unknown_label_names_it_and_suggests_close_ones, cli::replacement_cannot_be_written, cli::add_bom_needs_a_unicode_output, faults::labels_with_odd_bytes_are_usage_errors, safety::the_replacement_encoding_is_refused_in_place
//! - no I/O fault ends wenc by a signal: cli::closed_stdout_pipe_ends_quietly, cli::a_mapped_input_truncated_while_read_is_an_error_not_a_crash, faults::exceeding_the_file_size_limit_is_a_write_error_not_a_signal
//! - out of memory is a message and status 1: faults::running_out_of_memory_is_a_message_and_status_1
//!
//! Messages say where:
//! - file, encoding, offset, line:column, bytes: cli::fatal_mode_stops_with_the_position_and_bytes, cli::malformed_position_in_utf16_counts_decoded_lines, cli::unrepresentable_invisible_character_is_shown_by_code_point_only
//! - escaping of names, labels and quoted arguments: cli::file_names_with_non_utf8_bytes_are_escaped_in_messages, cli::unknown_label_is_escaped, hardening::usage_errors_escape_the_arguments_clap_quotes
//! - 64-bit positions: faults::a_file_larger_than_4_gib_has_positions_past_4_gib
//! - never a panic trace: faults::running_out_of_memory_is_a_message_and_status_1, shrinking::a_truncated_input_fails_alone_the_others_are_converted
//!
//! `-o FILE` is all or nothing:
//! - temporary file renamed only on success: cli::output_file_is_untouched_after_a_failing_run, cli::output_file_is_untouched_after_a_fatal_error_halfway_through_a_large_input
//! - a full disk, out of memory, signals: cli::dev_full_as_output_is_an_error, faults::read_errors_midway_keep_the_target, faults::every_terminating_signal_mid_conversion_keeps_the_target, faults::sigint_or_sigterm_mid_conversion_keeps_the_target, faults::a_target_that_cannot_be_replaced_is_kept_and_the_temporary_file_removed
//! - a signal ignored on entry stays ignored: faults::a_hangup_ignored_on_entry_stays_ignored
//! - FILE may be an input: cli::output_file_may_be_one_of_the_inputs, faults::a_failing_conversion_onto_itself_leaves_the_file_intact
//! - an unwritable directory is an error: faults::output_directory_not_writable_is_an_io_error
//! - names not UTF-8, 255 bytes long: faults::non_utf8_and_long_names_work_as_output_targets
//! - without `-o`, what came before the error: cli::fatal_mode_stops_with_the_position_and_bytes
//!
//! `-o` keeps who may read FILE:
//! - 0600 until it has the target's mode: hardening::the_temporary_file_is_private_until_it_has_the_targets_mode
//! - group, ACL: hardening::a_group_that_cannot_be_kept_is_an_error, hardening::an_acl_is_kept, cli::output_file_keeps_permissions_and_symlinks
//! - owner: nothing_lost::i7_in_place_keeps_the_owner_or_refuses
//!
//! `-o` opens FILE as the shell would:
//! - protected_symlinks, loops, dangling links: hardening::protected_symlinks_apply_to_the_target, hardening::symlink_loops_and_dangling_links_are_errors
//! - a symlink followed, the link kept: cli::output_file_keeps_permissions_and_symlinks
//! - written in place (/dev/stdout under >>): hardening::standard_output_by_name_is_written_in_place
//! - protected_regular and protected_fifos: nothing_lost::i6_o_refuses_what_protected_regular_refuses
//! - a deep working directory: nothing_lost::i12_a_deep_working_directory_works_in_place
//!
//! Files changing underneath:
//! - a truncated input fails alone, nothing after it written, the others converted and summarised: shrinking::a_truncated_input_fails_alone_the_others_are_converted, shrinking::a_truncated_input_in_place_is_untouched_and_the_others_converted, faults::a_mapped_input_truncated_mid_conversion_keeps_the_target, parallel::a_file_truncated_while_threads_read_it_is_reported
//! - a file that grows is not replaced: nothing_lost::i5_lines_appended_during_in_place_are_kept
//! - what wenc validated is what it writes: hardening::a_mapped_input_changed_midway_never_yields_invalid_utf8
//!
//! Memory stays flat:
//! - mapped pages released, streams in fixed buffers: cli::memory_stays_flat_for_large_inputs, hardening::pass_through_with_replacements_keeps_memory_flat
//! - per thread: parallel::memory_stays_flat_with_threads
//! - stream threads bounded, a failed spawn is fewer threads: nothing_lost::i9_stream_threads_are_bounded, nothing_lost::i9_a_failed_spawn_is_fewer_threads
//! - the first error's position with flat memory: hardening::the_first_error_at_the_end_keeps_memory_flat
//! - the measured figures (25 MiB at -j8...): promised::the_memory_figures_of_the_readme_hold_with_room_to_spare
//! - flat wherever the first error is: promised::memory_is_the_same_wherever_the_first_error_is, hardening::the_first_error_at_the_end_keeps_memory_flat
//!
//! Nothing replaced by mistake:
//! - by any path (device and inode): safety::malformed_input_is_not_replaced_by_default_under_any_name, nothing_lost::i2_one_file_under_two_names_is_converted_once
//! - malformed input unless -e replacement: safety::malformed_input_is_not_replaced_by_default_under_any_name
//! - converted already, counts, one stray byte: safety::a_file_converted_already_is_refused_in_place_unless_forced, nothing_lost::i3_one_stray_byte_does_not_switch_the_guard_off, nothing_lost::i1_a_second_utf16_run_is_refused, twice::a_second_run_never_changes_what_the_first_converted, twice::force_converts_again
//! - output a second run would not recognise (UTF-16 text with U+0000): twice::utf16_text_with_nul_characters_is_refused_the_first_time, twice::a_second_run_never_changes_what_the_first_converted, fuzz_regressions::the_guards_refuse_utf16_text_with_nul_characters
//! - the replacement encoding: safety::the_replacement_encoding_is_refused_in_place
//! - -f auto below 99%: verdict::noise_is_refused_with_auto_in_place, verdict::the_dutch_page_converts_right_in_place
//! - a wrong clean -f: verdict::a_wrong_clean_label_is_refused_in_place, verdict::force_converts_as_told_and_the_right_label_converts, verdict::to_standard_output_a_wrong_label_is_a_warning
//!
//! `-i`:
//! - each on its own, failures reported, the others converted, summary: safety::in_place_converts_each_file_on_its_own_and_goes_on_after_failures, safety::an_unreadable_file_in_place_is_reported_and_the_others_converted
//! - not a regular file, a FIFO not waited for: safety::in_place_leaves_what_is_not_a_regular_file_alone, nothing_lost::i11_a_fifo_in_place_is_refused_not_waited_for
//! - -j and progress: safety::in_place_splits_large_files_and_shows_progress
//! - named twice, stdout or stderr: nothing_lost::i2_one_file_under_two_names_is_converted_once, nothing_lost::i4_a_target_that_is_stdout_or_stderr_is_refused
//! - interrupted: several::a_signal_mid_run_leaves_each_file_converted_or_untouched, safety::faults::a_full_disk_during_in_place_fails_that_file_only, trees::an_interrupted_run_says_how_far_it_got_and_a_second_run_finishes
//! - unchanged bytes keep inode and timestamps: promised::a_file_whose_bytes_would_not_change_keeps_its_inode_and_mtime
//!
//! Input file is output file:
//! - before anything is written: safety::standard_output_that_is_an_input_is_refused_before_writing, nothing_lost::i4_a_target_that_is_stdout_or_stderr_is_refused
//! - decided again from descriptors: renamed::an_input_renamed_to_be_stdout_is_refused, renamed::an_input_linked_to_the_target_is_refused
//!
//! Stopping early:
//! - skipped as cat does: safety::unreadable_files_to_standard_output_are_skipped_as_cat_does
//! - with -o nothing after an error: cli::output_file_is_untouched_after_a_failing_run
//!
//! Standard output closed: promised::a_closed_standard_output_is_discarded_and_nothing_else_is_lost, promised::a_reader_that_takes_one_byte_ends_wenc_quietly
//!
//! Issue 19, its reproducers one by one (1-4, 8, 9, 10, 12 and 13 also run
//! by hand against the release binary on 2026-11-26, as the tests say; 5,
//! 6, 7 and 11 need another user or a race, and only their tests ran):
//! 1. a second UTF-16 run: nothing_lost::i1_a_second_utf16_run_is_refused; with U+0000: twice::utf16_text_with_nul_characters_is_refused_the_first_time
//! 2. one file under two names: nothing_lost::i2_one_file_under_two_names_is_converted_once
//! 3. one stray byte: nothing_lost::i3_one_stray_byte_does_not_switch_the_guard_off
//! 4. the target is stdout or stderr: nothing_lost::i4_a_target_that_is_stdout_or_stderr_is_refused
//! 5. lines appended during -i: nothing_lost::i5_lines_appended_during_in_place_are_kept
//! 6. protected_regular and protected_fifos: nothing_lost::i6_o_refuses_what_protected_regular_refuses
//! 7. the owner locked out: nothing_lost::i7_in_place_keeps_the_owner_or_refuses
//! 8. memory up to the first error: hardening::the_first_error_at_the_end_keeps_memory_flat, promised::memory_is_the_same_wherever_the_first_error_is
//! 9. stream threads: nothing_lost::i9_stream_threads_are_bounded, nothing_lost::i9_a_failed_spawn_is_fewer_threads
//! 10. normalization and pipe timing: nothing_lost::i10_normalization_does_not_depend_on_timing
//! 11. a FIFO swapped in: nothing_lost::i11_a_fifo_in_place_is_refused_not_waited_for
//! 12. a deep working directory: nothing_lost::i12_a_deep_working_directory_works_in_place; SIGBUS: shrinking::a_truncated_input_in_place_is_untouched_and_the_others_converted
//! 13. JSON names: nothing_lost::i13_json_names_are_lossless
//!
//! Its "Done when":
//! - fault tests over several files: several::a_signal_mid_run_leaves_each_file_converted_or_untouched, faults::a_mapped_input_truncated_mid_conversion_keeps_the_target, shrinking::a_truncated_input_fails_alone_the_others_are_converted, safety::faults::a_full_disk_during_in_place_fails_that_file_only, nothing_lost::i11_a_fifo_in_place_is_refused_not_waited_for
//! - the driver fuzz target runs the guards twice: fuzz_regressions::seeded_random_inputs_pass, fuzz_regressions::the_guards_refuse_utf16_text_with_nul_characters
//! - every README sentence covered: this list, every_named_test_exists

/// Every `module::test` named above is a test in tests/it/module.rs.
#[test]
fn every_named_test_exists() {
    let here = include_str!("guarantees.rs");
    let list: String = here
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut named = 0;
    for word in list.split([' ', ',', '\n']) {
        let Some((module, test)) = word.rsplit_once("::") else {
            continue;
        };
        let plain = |s: &str| {
            s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"_:".contains(&b))
        };
        if !plain(module) || !plain(test) {
            continue;
        }
        let module = module.replace("::", "/");
        let path = format!("{}/tests/it/{module}.rs", env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{path}"));
        assert!(
            source.contains(&format!("fn {test}(")),
            "{module}::{test} is not a test"
        );
        named += 1;
    }
    assert!(named > 60, "{named}");
}
